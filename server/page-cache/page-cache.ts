import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getContentVersion, onContentChange } from "~/features/content/read.server";
import { logger } from "~/platform/logger.server";
import { logNotFound } from "~/features/seo/not-found-log.server";
import type { PageRequest, PageRoutes } from "./page-routes";
import { PUBLIC_CACHE_CONTROL, PUBLIC_VARY, REDIRECT_CACHE_CONTROL } from "../http/public-headers";
import { logRequest } from "../http/request-log";

type CacheRequest = Extract<PageRequest, { kind: "page" | "not-found" }>;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Copies kept at most of pages keyed on query parameters they declare (each public page is one
 * copy and every unknown path shares one): past it, a new variant is rendered for its request
 * and not kept, so a flood of distinct values cannot grow memory.
 */
export const MAX_QUERY_VARIANTS = 100;

export interface CachedPage extends RenderedPage {
  gzip: Buffer;
  brotli: Buffer;
  /** Complete response heads as flat [name, value, ...] lists, so a hit is one writeHead call. */
  heads: Record<"identity" | "gzip" | "br" | "notModified", string[]>;
}

export type RenderPage = (path: string) => Promise<{ status: number; headers: Headers; html: string }>;

// Most inline scripts are the same on every rendering of a page (the consent script, the router's
// start-up code and data): their hashes are remembered rather than computed for each uncached
// request.
const scriptHashes = new Map<string, string>();
const REMEMBERED_SCRIPTS = 256;

function scriptHash(source: string) {
  let hash = scriptHashes.get(source);
  if (hash === undefined) {
    hash = `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
    if (scriptHashes.size >= REMEMBERED_SCRIPTS) scriptHashes.clear();
    // NOTE: a regular expression's match is a view into the whole page; the key is a copy of
    // the script alone, or each remembered script would keep its page in memory.
    scriptHashes.set((" " + source).slice(1), hash);
  }
  return hash;
}

/** sha256 source hashes of the page's inline scripts, for a CSP that needs no per-request nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(scriptHash(match[1] ?? ""));
  }
  return [...hashes];
}

/** The page's policy with the nonce source replaced by the hashes of its own inline scripts. */
export function hashedPolicy(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html).join(" ");
  return policy.replace(/'nonce-[^']*'/, hashes || "");
}

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

function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

export interface PageCache {
  /**
   * Serves a public page from the cache, rendering it on a miss. Returns false when the
   * request is not for the cache; calls `fallback` when the page cannot be cached (an error).
   */
  handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  clear(): void;
  size(): number;
}

export interface PageCacheOptions {
  render: RenderPage;
  /** Which requests the cache answers and under which key, from the route table. */
  routes: PageRoutes;
  /** Whether public pages take this path at all (not in development, where the build reloads). */
  enabled: boolean;
  /** False renders every request (PAGE_CACHE=off) on the same path, keeping nothing. */
  keep?: boolean;
  /**
   * Finishes a page before it is kept (critical CSS, scripts after the first paint: first-paint.ts).
   * Pages rendered for one request (`keep: false`, overflowing variants) are sent as rendered.
   */
  finish?: (html: string) => Promise<string>;
  /** Runs the renders, so that they take turns (see render-queue.ts). */
  queue?: <T>(task: () => Promise<T>) => Promise<T>;
  /**
   * Counters for the metrics: a request served from the cache, and one that was rendered (or
   * waited for a render). Absent when metrics are off, and then a hit does no work for them.
   */
  counters?: { hit(): void; miss(): void };
}

interface RenderedPage {
  version: number;
  status: 200 | 404;
  etag: string;
  headers: [string, string][];
  identity: Buffer;
}

/**
 * On-the-fly compression of a page rendered for one request, at the fastest settings (as web
 * servers compress on the fly): brotli at quality 0 takes ~0.06 ms for 33 KB (quality 1: 0.08 ms
 * for 2% less) and comes out some 40% larger than the cached copies. With a
 * stream compressor per request, as compression() makes, the server rendered less than half as
 * many pages a second.
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

/**
 * Renders each public page once per content version and serves it from memory, compressed
 * ahead of time, with ETag revalidation. Every content write bumps the version and clears it.
 * With `keep: false` each request renders its page but is otherwise answered the same way, so
 * measuring uncached rendering measures the rendering.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const keep = options.keep ?? true;
  const queue = options.queue ?? ((task) => task());
  const pages = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | undefined>>();
  let variants = 0;
  const clear = () => {
    pages.clear();
    variants = 0;
  };
  onContentChange(clear);

  async function renderPage(request: CacheRequest, finish?: (html: string) => Promise<string>): Promise<RenderedPage | undefined> {
    const version = getContentVersion();
    const rendered = await options.render(request.render);
    if (rendered.status !== request.status || !rendered.headers.get("content-type")?.includes("text/html")) return undefined;
    const html = finish ? await finish(rendered.html) : stylesheetsFirst(rendered.html);
    const identity = Buffer.from(html, "utf8");
    const headers: [string, string][] = [];
    rendered.headers.forEach((value, name) => {
      if (name === "content-security-policy") headers.push([name, hashedPolicy(value, html)]);
      else if (!["content-length", "content-encoding", "etag", "date", "set-cookie", "transfer-encoding", "cache-control", "vary"].includes(name)) {
        headers.push([name, value]);
      }
    });
    headers.push(["cache-control", PUBLIC_CACHE_CONTROL], ["vary", PUBLIC_VARY]);
    const etag = `"${createHash("sha1").update(identity).digest("base64url")}"`;
    return { version, status: request.status, etag, headers, identity };
  }

  function head(page: RenderedPage, extra: [string, string][]) {
    return [...page.headers, ["etag", page.etag], ...extra].flat();
  }

  async function store(request: CacheRequest): Promise<CachedPage | undefined> {
    const rendered = await queue(() => renderPage(request, options.finish));
    if (!rendered) return undefined;
    const { identity } = rendered;
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
    ]);
    const page: CachedPage = {
      ...rendered,
      gzip: gzipped,
      brotli: brotlied,
      heads: {
        identity: head(rendered, [["content-length", String(identity.length)]]),
        gzip: head(rendered, [["content-encoding", "gzip"], ["content-length", String(gzipped.length)]]),
        br: head(rendered, [["content-encoding", "br"], ["content-length", String(brotlied.length)]]),
        notModified: head(rendered, []),
      },
    };
    // A write during the render makes this copy stale: keep it out of the cache.
    if (rendered.version === getContentVersion()) {
      if (request.key.includes("?") && !pages.has(request.key)) variants += 1;
      pages.set(request.key, page);
    }
    return page;
  }

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

  function send(req: IncomingMessage, res: ServerResponse, request: CacheRequest, page: CachedPage) {
    const started = process.hrtime.bigint();
    if (notModified(req, res, page, page.heads.notModified)) return log(req, request, 304, started, "hit");
    const encoding = preferredEncoding(req.headers["accept-encoding"] as string | undefined);
    const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.identity;
    res.writeHead(page.status, page.heads[encoding ?? "identity"]);
    res.end(req.method === "HEAD" ? undefined : body);
    log(req, request, page.status, started, "hit");
  }

  /** Renders the page for this request alone and compresses only the encoding it asked for. */
  async function renderAndSend(req: IncomingMessage, res: ServerResponse, request: CacheRequest, started: bigint): Promise<boolean> {
    const page = await renderPage(request);
    if (!page) return false;
    if (notModified(req, res, page, head(page, []))) {
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

  // Chosen once: without counters a hit goes straight to `send`.
  const counters = options.counters;
  const sendHit: typeof send = counters
    ? (req, res, request, page) => {
        counters.hit();
        send(req, res, request, page);
      }
    : send;

  function redirect(req: IncomingMessage, res: ServerResponse, location: string) {
    const started = process.hrtime.bigint();
    res.writeHead(301, { location, "cache-control": REDIRECT_CACHE_CONTROL, "content-length": "0" });
    res.end();
    logRequest(req, 301, started);
  }

  function failed(path: string, fallback: () => void) {
    return (error: unknown) => {
      logger.error({ err: error, path }, "page render failed");
      fallback();
    };
  }

  return {
    handle(req, res, fallback) {
      if (!options.enabled) return false;
      const request = options.routes.classify(req.method, req.url);
      if (!request) return false;
      if (request.kind === "redirect") {
        redirect(req, res, request.location);
        return true;
      }
      const hit = pages.get(request.key);
      if (hit && hit.version === getContentVersion()) {
        sendHit(req, res, request, hit);
        return true;
      }
      counters?.miss();
      const overflow = variants >= MAX_QUERY_VARIANTS && request.key.includes("?") && !pending.has(request.key);
      if (!keep || overflow) {
        // The whole of the work takes its turn in the queue, the sending too. What a request
        // holds while it waits in line (its promises and async frames) has outlived two
        // young-generation collections by the time its turn comes, and sits in the old
        // generation; a page handed back through it was kept alive from there, promoted in turn,
        // and freed only by a full collection. Under load that cost a fifth of the pages a second.
        const started = process.hrtime.bigint();
        queue(() => renderAndSend(req, res, request, started)).then((sent) => sent || fallback(), failed(request.render, fallback));
        return true;
      }
      let rendering = pending.get(request.key);
      if (!rendering) {
        rendering = store(request).finally(() => pending.delete(request.key));
        pending.set(request.key, rendering);
      }
      rendering.then((page) => (page ? send(req, res, request, page) : fallback()), failed(request.render, fallback));
      return true;
    },
    clear,
    size: () => pages.size,
  };
}
