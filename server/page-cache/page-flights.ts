// The renders of kept pages, one at a time per page and content version (single-flight), and
// the re-rendering of every kept page in the background right after a content write, so that
// no visitor meets a cold page after a save. In a burst of writes the background re-renders
// wait for the writes to pause (see BURST_MS).
import { getContentVersion } from "~/features/content/read.server";
import { logger } from "~/platform/logger.server";
import type { CachedPage, CacheRequest } from "./rendered-page";

interface Flight {
  request: CacheRequest;
  /** Waiting for the background worker, or running; set once it runs. */
  running: boolean;
  /** The content version it renders, known once it runs (a waiting flight renders the newest). */
  version?: number;
  promise: Promise<CachedPage | undefined>;
  start(): void;
}

export interface PageFlights {
  /**
   * The render of this page a visitor waits for: the one running for the current content version,
   * or the one a write registered (started now), or a new one when there is neither.
   */
  join(request: CacheRequest): Promise<CachedPage | undefined>;
  /** Registers a kept page, re-rendered in the background after every content write. */
  remember(request: CacheRequest): void;
  /**
   * After a content write: every remembered page gets a render, started one at a time in order,
   * at once, or in a burst of writes once the writes pause.
   */
  refresh(): void;
  /**
   * At shutdown: starts no more background renders and resolves once the running ones have
   * ended, so that none reads the database after it is closed.
   */
  stop(): Promise<void>;
}

/**
 * A write within this long of the previous one is part of a burst (an administrator saving field
 * after field, an import, a release published item by item). Re-rendering every kept page after
 * each of a burst's writes rendered pages that the next write threw away, on the core the
 * visitors share: in a burst only the pages visitors ask for are rendered (each visitor waits
 * for one render of the newest content, as after any write), and the rest once the writes have
 * paused for BURST_PAUSE_MS.
 */
export const BURST_MS = 1000;
export const BURST_PAUSE_MS = 250;

export interface PageFlightOptions {
  /** Whether the cache holds a copy of this page for the current content (then a late background render is not needed). */
  kept(key: string): boolean;
  burstMs?: number;
  burstPauseMs?: number;
}

/**
 * `render` renders, compresses and keeps a page; it calls `started` when the render takes its
 * turn, and keeps the page only when the content did not change meanwhile.
 */
// long-function: one closure: join, refresh and stop share the flights, the kept pages and the background order
export function createPageFlights(
  render: (request: CacheRequest, started: () => void) => Promise<CachedPage | undefined>,
  options: PageFlightOptions,
): PageFlights {
  const flights = new Map<string, Flight>();
  const remembered = new Map<string, CacheRequest>();
  const waiting: string[] = [];
  const burstMs = options.burstMs ?? BURST_MS;
  const burstPauseMs = options.burstPauseMs ?? BURST_PAUSE_MS;
  let refreshing = false;
  let stopped = false;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let pause: NodeJS.Timeout | undefined;

  function flight(request: CacheRequest): Flight {
    let resolve!: (page: CachedPage | undefined) => void;
    let reject!: (error: unknown) => void;
    const entry: Flight = {
      request,
      running: false,
      promise: new Promise((resolved, rejected) => {
        resolve = resolved;
        reject = rejected;
      }),
      start() {
        if (entry.running) return;
        entry.running = true;
        render(request, () => (entry.version = getContentVersion()))
          .then(resolve, reject)
          .finally(() => {
            if (flights.get(request.key) === entry) flights.delete(request.key);
          });
      },
    };
    flights.set(request.key, entry);
    return entry;
  }

  // One background render at a time: visitors' hits keep the rest of the machine.
  function next() {
    if (refreshing || stopped) return;
    let entry: Flight | undefined;
    while (!entry && waiting.length > 0) {
      const candidate = flights.get(waiting.shift()!);
      if (candidate && !candidate.running) entry = candidate;
    }
    if (!entry) return;
    refreshing = true;
    entry.start();
    entry.promise
      .catch((error: unknown) => logger.error({ err: error, path: entry.request.render }, "page re-render failed"))
      .finally(() => {
        refreshing = false;
        next();
      });
  }

  function refreshAll() {
    if (stopped) return;
    for (const [key, request] of remembered) {
      const current = flights.get(key);
      // Waiting for its turn (it renders the newest content), or already kept for it.
      if (current && current.version === undefined) continue;
      if (current?.version === getContentVersion() || options.kept(key)) continue;
      flight(request);
      waiting.push(key);
    }
    next();
  }

  return {
    join(request) {
      const current = flights.get(request.key);
      if (current && !current.running) {
        // A visitor is waiting for it: its turn is now.
        current.start();
        return current.promise;
      }
      // Running, and rendering this version (or about to take its turn, when it reads the newest).
      if (current && (current.version === undefined || current.version === getContentVersion())) return current.promise;
      const started = flight(request);
      started.start();
      return started.promise;
    },
    remember(request) {
      if (!request.key.includes("?")) remembered.set(request.key, request);
    },
    refresh() {
      if (stopped) return;
      const now = performance.now();
      const inBurst = now - lastWrite < burstMs;
      lastWrite = now;
      clearTimeout(pause);
      pause = undefined;
      if (!inBurst) {
        refreshAll();
        return;
      }
      pause = setTimeout(() => {
        pause = undefined;
        refreshAll();
      }, burstPauseMs);
      pause.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(pause);
      waiting.length = 0;
      const running = [...flights.values()].filter((entry) => entry.running).map((entry) => entry.promise.catch(() => undefined));
      await Promise.all(running);
    },
  };
}
