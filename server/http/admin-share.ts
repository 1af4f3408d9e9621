// Administrators' requests on a server whose visitors keep its one event loop busy. A save costs
// some 27 ms of CPU on that loop (its action, React Router's revalidation, the statements of
// both and the new render of the pages it changed), and an administrator saving again and again
// took half of the visitors' answers away: their p99 grew fourfold (docs/performance.md, "The
// save burst"). Here an administrator's request waits, after the one before it, in proportion to
// how long that one took, so administrators take at most ADMIN_SHARE of a busy loop and the
// visitors keep theirs. A server with room to spare, or without visitors, makes nobody wait.
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";

/** The administrator's area and its sign-in: pages, their data requests (`/admin/settings.data`) and actions. */
export function isAdminRequest(url: string) {
  return /^\/(?:admin(?:[/.?]|$)|api\/auth\/)/.test(url);
}

export interface AdminShareOptions {
  /** The share of a busy event loop administrators' requests may take, above 0 and at most 1 (never wait). */
  share: number;
  /** How often the loop's utilisation is read, in milliseconds. */
  windowMs?: number;
  /** The loop's utilisation in a window from which it counts as busy. */
  busyAt?: number;
  /** Public pages answered in a window from which visitors count as waiting for the loop. */
  visitorsAt?: number;
  /** The longest an administrator's request waits, in milliseconds. */
  maxWaitMs?: number;
  /** Called with each wait, in milliseconds (the metrics). */
  waited?: (milliseconds: number) => void;
  /** The clock and the loop's utilisation since the last reading (tests replace them). */
  now?: () => number;
  utilisation?: () => number;
}

/** The event loop's utilisation (0–1) since the previous call. */
function loopUtilisation() {
  let last = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, last);
    last = current;
    return utilization;
  };
}

export interface AdminShare {
  /** A visitor's public page was answered (or is being rendered). */
  visitor(): void;
  /** Runs an administrator's request now, or once its turn comes on a busy loop. */
  admit(res: ServerResponse, run: () => void): void;
  /** Reads the loop's utilisation and the visitors of the window that ended (the timer calls it). */
  sample(): void;
  /** Whether the last window counted as busy. */
  busy(): boolean;
  stop(): void;
}

export function createAdminShare(options: AdminShareOptions): AdminShare {
  const { share, windowMs = 100, busyAt = 0.9, visitorsAt = 10, maxWaitMs = 1000 } = options;
  if (!(share > 0 && share <= 1)) throw new Error(`the administrators' share must be above 0 and at most 1, not ${share}`);
  const now = options.now ?? (() => performance.now());
  const utilisation = options.utilisation ?? loopUtilisation();
  // After a request that took t, the next waits t × after: administrators then have share of the time.
  const after = (1 - share) / share;
  let busy = false;
  let visitors = 0;
  let next = 0;

  function sample() {
    busy = utilisation() >= busyAt && visitors >= visitorsAt;
    visitors = 0;
  }
  const timer = after > 0 ? setInterval(sample, windowMs) : undefined;
  timer?.unref();

  function start(res: ServerResponse, run: () => void) {
    const began = now();
    res.once("close", () => {
      if (!busy) return;
      const took = Math.min(now() - began, maxWaitMs);
      next = Math.max(next, now() + took * after);
    });
    run();
  }

  return {
    visitor() {
      visitors += 1;
    },
    admit(res, run) {
      if (after === 0) return run();
      const wait = busy ? Math.min(next - now(), maxWaitMs) : 0;
      if (wait <= 0) return start(res, run);
      options.waited?.(wait);
      setTimeout(() => start(res, run), wait);
    },
    sample,
    busy: () => busy,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * The server's handler: an administrator's request through the share, a public page from the
 * page cache (counted as a visitor), anything else to the application.
 */
export function dispatchRequests(
  share: AdminShare,
  {
    page,
    app,
  }: {
    /** Answers a public page (true), or declines it (false) for the application. */
    page: (req: IncomingMessage, res: ServerResponse) => boolean;
    app: (req: IncomingMessage, res: ServerResponse) => void;
  },
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (isAdminRequest(req.url ?? "/")) return share.admit(res, () => app(req, res));
    if (page(req, res)) return share.visitor();
    app(req, res);
  };
}
