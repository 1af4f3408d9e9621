// One rendering of a public page made ready to send: its HTML with the stylesheets ahead of the
// module preloads, a CSP listing the hashes of its inline scripts, its ETag, and for a copy the
// cache keeps, both compressed bodies and the complete response heads.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getContentVersion } from "~/features/content/read.server";
import type { PageRequest } from "./page-routes";
import { hashedPolicy } from "./inline-script-hashes";
import { readyHead, type ReadyHead } from "./ready-head";
import { PUBLIC_CACHE_CONTROL, PUBLIC_VARY } from "../http/public-headers";
import { edgeConfig } from "~/features/edge-cache/service.server";
import { edgeHeaders, pageTags } from "~/features/edge-cache/headers";

export type CacheRequest = Extract<PageRequest, { kind: "page" | "not-found" }>;

/** A render: `tags` names the records it read (the edge cache's tags; absent: none known, the whole site's). */
export type RenderPage = (path: string) => Promise<{ status: number; headers: Headers; html: string; tags?: Iterable<string> }>;

export interface RenderedPage {
  version: number;
  status: 200 | 404;
  etag: string;
  headers: [string, string][];
  identity: Buffer;
}

export interface CachedPage extends RenderedPage {
  /** Whether brotli is still at the quick quality (see BROTLI_QUALITY). */
  compression: keyof typeof BROTLI_QUALITY;
  gzip: Buffer;
  brotli: Buffer;
  /** Complete response heads as flat [name, value, ...] lists, so a hit is one writeHead call. */
  heads: Record<"identity" | "gzip" | "br" | "notModified", string[]>;
  /** The same heads as bytes, for connections node:http keeps alive (ready-head.ts). */
  readyHeads: Record<"identity" | "gzip" | "br", ReadyHead | undefined>;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Response headers the cache sets itself, or that belong to one response only. */
const DROPPED_HEADERS = [
  "content-length",
  "content-encoding",
  "etag",
  "date",
  "set-cookie",
  "transfer-encoding",
  "cache-control",
  "vary",
  "cdn-cache-control",
  "surrogate-control",
  "xkey",
  "surrogate-key",
  "cache-tag",
];

/**
 * Moves the module preloads after the stylesheets in <head>. React hoists preloads to the top
 * of <head>, so on a connection-limited network the render-blocking stylesheet waited behind
 * the JavaScript; preloads are matched by URL rather than position when React hydrates, so
 * their place in <head> does not matter to it.
 */
export function stylesheetsFirst(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const preloads = head.match(/<link rel="modulepreload"[^>]*>/g);
  const lastStylesheet = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].at(-1);
  if (!preloads || !lastStylesheet || lastStylesheet.index === undefined) return html;
  const firstPreload = head.indexOf(preloads[0]!);
  if (firstPreload > lastStylesheet.index) return html;
  const insertAt = lastStylesheet.index + lastStylesheet[0].length;
  const moved = head.slice(0, insertAt).replace(/<link rel="modulepreload"[^>]*>/g, "") + preloads.join("") + head.slice(insertAt);
  return moved + html.slice(headEnd);
}

/**
 * Renders the page for the request, or undefined when the answer is not the page expected (an
 * error, a redirect, not HTML). `finish` completes a page the cache keeps (first-paint.ts); a page
 * rendered for one request only has its stylesheets put first.
 */
export async function renderPage(
  render: RenderPage,
  request: CacheRequest,
  finish?: (html: string) => Promise<string>,
): Promise<RenderedPage | undefined> {
  const version = getContentVersion();
  const rendered = await render(request.render);
  if (rendered.status !== request.status || !rendered.headers.get("content-type")?.includes("text/html")) return undefined;
  const html = finish ? await finish(rendered.html) : stylesheetsFirst(rendered.html);
  const identity = Buffer.from(html, "utf8");
  const headers: [string, string][] = [];
  rendered.headers.forEach((value, name) => {
    if (name === "content-security-policy") headers.push([name, hashedPolicy(value, html)]);
    else if (!DROPPED_HEADERS.includes(name)) headers.push([name, value]);
  });
  headers.push(["cache-control", PUBLIC_CACHE_CONTROL], ["vary", PUBLIC_VARY]);
  const edge = edgeConfig();
  if (edge.enabled) headers.push(...edgeHeaders(pageTags(rendered.tags ?? []), edge));
  const etag = `"${createHash("sha1").update(identity).digest("base64url")}"`;
  return { version, status: request.status, etag, headers, identity };
}

/** The page's response head as a flat [name, value, ...] list, with these headers added. */
export function head(page: RenderedPage, extra: [string, string][]): string[] {
  return [...page.headers, ["etag", page.etag], ...extra].flat();
}

/**
 * The head of a 304: what a cache needs to update its stored copy (RFC 9110 §15.4.5: the
 * validators, Cache-Control and Vary), not the page's other headers, which it already has.
 */
export function notModifiedHead(page: RenderedPage): string[] {
  return ["cache-control", PUBLIC_CACHE_CONTROL, "vary", PUBLIC_VARY, "etag", page.etag];
}

/**
 * Compression of a kept copy: `quick` right after a render, since after a save every visitor of
 * the page waits for it, `best` once the content has settled (recompression.ts); the figures are
 * in docs/performance.md ("After a save").
 */
export const BROTLI_QUALITY = { quick: 1, best: 10 } as const;
export const GZIP_LEVEL = { quick: 1, best: 9 } as const;

/**
 * A copy to keep: compressed once, with a complete head for each encoding. The quick copy is
 * compressed on the event loop, since the thread pool's round trip on a busy one-core server
 * took longer than the work (docs/performance.md, "After a save"); the best compression stays in the pool.
 */
export async function compressForCache(rendered: RenderedPage, compression: keyof typeof BROTLI_QUALITY = "best"): Promise<CachedPage> {
  const { identity } = rendered;
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression],
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  };
  const [gzipped, brotlied] =
    compression === "quick"
      ? [zlib.gzipSync(identity, { level: GZIP_LEVEL.quick }), zlib.brotliCompressSync(identity, brotliOptions)]
      : await Promise.all([gzip(identity, { level: GZIP_LEVEL.best }), brotli(identity, brotliOptions)]);
  const heads = {
    identity: head(rendered, [["content-length", String(identity.length)]]),
    gzip: head(rendered, [
      ["content-encoding", "gzip"],
      ["content-length", String(gzipped.length)],
    ]),
    br: head(rendered, [
      ["content-encoding", "br"],
      ["content-length", String(brotlied.length)],
    ]),
    notModified: notModifiedHead(rendered),
  };
  return {
    ...rendered,
    compression,
    gzip: gzipped,
    brotli: brotlied,
    heads,
    readyHeads: {
      identity: readyHead(rendered.status, heads.identity),
      gzip: readyHead(rendered.status, heads.gzip),
      br: readyHead(rendered.status, heads.br),
    },
  };
}
