// Writing a public page to the response: a kept copy in the encoding the client accepts, a page
// rendered for one request compressed on the fly, a 304 for a matching ETag, a redirect; and the
// request line each leaves in the log.
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { logNotFound } from "~/features/seo/not-found-log.server";
import { head, notModifiedHead, renderPage, type CachedPage, type CacheRequest, type RenderedPage, type RenderPage } from "./rendered-page";
import { REDIRECT_CACHE_CONTROL } from "../http/public-headers";
import { logRequest } from "../http/request-log";
import { sendWithReadyHead } from "./ready-head";
import { edgeConfig } from "~/features/edge-cache/service.server";
import { edgeHeaders, pageTags } from "~/features/edge-cache/headers";
import { kindGroup } from "~/features/records/tags";

const MANAGED_REDIRECT_TAGS = [kindGroup("page"), kindGroup("redirect")];

function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/**
 * On-the-fly compression of a page rendered for one request, in one call at the fastest
 * settings, as web servers compress on the fly (docs/performance.md, "Pages rendered for one request").
 */
const compressOnce = {
  gzip: (body: Buffer) => zlib.gzipSync(body, { level: 1 }),
  br: (body: Buffer) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 0,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

// 304 only for a page: a server must ignore If-None-Match when it would answer anything but
// 2xx (RFC 9110 §13.2.1), so the not-found copy is always sent.
function notModified(req: IncomingMessage, res: ServerResponse, page: RenderedPage, heads: string[]) {
  if (page.status !== 200 || req.headers["if-none-match"] !== page.etag) return false;
  res.writeHead(304, heads);
  res.end();
  return true;
}

/** The request line of a visit; unknown paths are logged sampled (a scanner sends thousands). */
function log(req: IncomingMessage, request: CacheRequest, status: number, started: bigint, cache?: "hit") {
  if (request.kind === "not-found" && !logNotFound(request.path)) return;
  logRequest(req, status, started, cache);
}

/**
 * Sends a kept copy, the body already compressed: its head as ready bytes where node:http keeps
 * the connection alive (ready-head.ts), otherwise one writeHead with its ready field list.
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, request: CacheRequest, page: CachedPage) {
  const started = process.hrtime.bigint();
  if (notModified(req, res, page, page.heads.notModified)) return log(req, request, 304, started, "hit");
  const encoding = preferredEncoding(req.headers["accept-encoding"] as string | undefined) ?? "identity";
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.identity;
  const ready = page.readyHeads[encoding];
  if (!ready || !sendWithReadyHead(res, ready, body)) {
    res.writeHead(page.status, page.heads[encoding]);
    res.end(req.method === "HEAD" ? undefined : body);
  }
  log(req, request, page.status, started, "hit");
}

/** Renders the page for this request alone and compresses only the encoding it asked for. */
export async function renderAndSend(
  render: RenderPage,
  req: IncomingMessage,
  res: ServerResponse,
  request: CacheRequest,
  started: bigint,
): Promise<boolean> {
  const page = await renderPage(render, request);
  if (!page) return false;
  if (notModified(req, res, page, notModifiedHead(page))) {
    log(req, request, 304, started);
    return true;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"] as string | undefined);
  const body = encoding ? compressOnce[encoding](page.identity) : page.identity;
  const extra: [string, string][] = encoding ? [["content-encoding", encoding]] : [];
  res.writeHead(page.status, head(page, [...extra, ["content-length", String(body.length)]]));
  res.end(req.method === "HEAD" ? undefined : body);
  log(req, request, page.status, started);
  return true;
}

/**
 * A redirect the administrators manage may change at any time, so browsers and proxies keep it
 * five minutes (a 301 without a lifetime is kept by browsers for good).
 */
export const MANAGED_REDIRECT_CACHE_CONTROL = "public, max-age=300";

export function redirect(req: IncomingMessage, res: ServerResponse, location: string, status?: number) {
  const started = process.hrtime.bigint();
  const cacheControl = status === undefined ? REDIRECT_CACHE_CONTROL : MANAGED_REDIRECT_CACHE_CONTROL;
  // A managed redirect is dropped at the edge when any page or redirect changes (one may take its address).
  const edge = edgeConfig();
  const tags = status !== undefined && edge.enabled ? Object.fromEntries(edgeHeaders(pageTags(MANAGED_REDIRECT_TAGS), edge)) : {};
  status ??= 301;
  res.writeHead(status, { location, "cache-control": cacheControl, "content-length": "0", ...tags });
  res.end();
  logRequest(req, status, started);
}
