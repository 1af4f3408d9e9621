import type { IncomingMessage, ServerResponse } from "node:http";
import { getContentVersion, onContentChange } from "~/features/content/read.server";
import { logger } from "~/platform/logger.server";
import { createPageFlights } from "./page-flights";
import type { PageRequest, PageRoutes } from "./page-routes";
import { compressForCache, renderPage, type CachedPage, type CacheRequest, type RenderPage } from "./rendered-page";
import { createRecompression } from "./recompression";
import { redirect, renderAndSend, sendCached } from "./send-page";

export type { CachedPage, RenderPage } from "./rendered-page";

/**
 * Copies kept at most of pages keyed on query parameters they declare (each public page is one
 * copy and every unknown path shares one): past it, a new variant is rendered for its request
 * and not kept, so a flood of distinct values cannot grow memory.
 */
export const MAX_QUERY_VARIANTS = 100;

export interface PageCache {
  /**
   * Serves a public page from the cache, rendering it on a miss. Returns false when the
   * request is not for the cache; calls `fallback` when the page cannot be cached (an error).
   */
  handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  clear(): void;
  size(): number;
  /** Resolves once the kept copies are at the best compression (tests). */
  recompressed(): Promise<void>;
  /** At shutdown: no more background re-renders; resolves once the running one has ended. */
  stop(): Promise<void>;
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
  /** How long the content must stay unchanged before the kept copies are recompressed at the best settings. */
  settleMs?: number;
  /** A write this soon after the previous one is part of a burst (page-flights.ts BURST_MS). */
  burstMs?: number;
  /** In a burst, how long the writes must pause before the pages no visitor asked for are re-rendered. */
  burstPauseMs?: number;
}

function failed(path: string, fallback: () => void) {
  return (error: unknown) => {
    logger.error({ err: error, path }, "page render failed");
    fallback();
  };
}

/** A redirect (an address variant, a managed redirect) from memory, its hit counted. */
function answerRedirect(req: IncomingMessage, res: ServerResponse, request: Extract<PageRequest, { kind: "redirect" }>) {
  request.hit?.();
  redirect(req, res, request.location, request.status);
  return true;
}

/**
 * Renders each public page once per content version and serves it from memory, compressed
 * ahead of time, with ETag revalidation. Every content write bumps the version, drops the copies
 * and re-renders them in the background at once; a visitor who asks meanwhile waits for that
 * render, never for an older copy (page-flights.ts). With `keep: false` each request renders its
 * page but is otherwise answered the same way, so measuring uncached rendering measures the rendering.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const keep = options.keep ?? true;
  const queue = options.queue ?? ((task) => task());
  const pages = new Map<string, CachedPage>();
  let variants = 0;
  const clear = () => {
    pages.clear();
    variants = 0;
  };
  const { burstMs, burstPauseMs } = options;
  const flights = createPageFlights(store, { kept: (key) => pages.get(key)?.version === getContentVersion(), burstMs, burstPauseMs });
  const recompression = createRecompression(pages, options.settleMs);
  onContentChange(() => {
    clear();
    flights.refresh();
    recompression.postpone();
  });

  async function store(request: CacheRequest, started: () => void): Promise<CachedPage | undefined> {
    const rendered = await queue(() => {
      started();
      return renderPage(options.render, request, options.finish);
    });
    if (!rendered) return undefined;
    const page = await compressForCache(rendered, "quick");
    // A write during the render makes this copy stale: keep it out of the cache.
    if (rendered.version === getContentVersion()) {
      if (request.key.includes("?") && !pages.has(request.key)) variants += 1;
      pages.set(request.key, page);
      flights.remember(request);
      recompression.postpone();
    }
    return page;
  }

  // Chosen once: without counters a hit goes straight to `sendCached`.
  const counters = options.counters;
  const sendHit: typeof sendCached = counters
    ? (req, res, request, page) => {
        counters.hit();
        sendCached(req, res, request, page);
      }
    : sendCached;

  return {
    handle(req, res, fallback) {
      if (!options.enabled) return false;
      const request = options.routes.classify(req.method, req.url);
      if (!request) return false;
      if (request.kind === "redirect") return answerRedirect(req, res, request);
      const hit = pages.get(request.key);
      if (hit && hit.version === getContentVersion()) {
        sendHit(req, res, request, hit);
        return true;
      }
      counters?.miss();
      const overflow = variants >= MAX_QUERY_VARIANTS && request.key.includes("?");
      if (!keep || overflow) {
        // The whole of the work takes its turn in the queue, the sending too: a page handed back
        // through a request that waited in line would be promoted with it and freed only by a
        // full collection (decision 0008).
        const started = process.hrtime.bigint();
        queue(() => renderAndSend(options.render, req, res, request, started)).then(
          (sent) => sent || fallback(),
          failed(request.render, fallback),
        );
        return true;
      }
      flights.join(request).then((page) => (page ? sendCached(req, res, request, page) : fallback()), failed(request.render, fallback));
      return true;
    },
    clear,
    size: () => pages.size,
    recompressed: () => recompression.idle(),
    stop: () => flights.stop(),
  };
}
