import type { IncomingMessage } from "node:http";

/**
 * Runs at most `limit` tasks at once and starts the others in arrival order. Rendering a page
 * is CPU work: fifty renders interleaved each finish as late as the last one, and some waited
 * more than two seconds under load; taken in turn, each waits only for those ahead of it.
 *
 * Tasks start only from the check phase of the event loop, at most `limit` per turn. A page
 * render that needs no I/O completes within the callback that started it, so started straight
 * from a socket's read callback every request read in one poll phase rendered back to back:
 * the loop came round to its sockets only every 200 ms, and connections waiting to be
 * accepted waited seconds. Started a few per turn, the server reads its sockets between
 * renders, and every request waits in this line, in the order it arrived.
 *
 * Give it the whole of a request's work, through to sending the answer, rather than only the
 * render: see page-cache.ts for what a result handed back through a long wait costs.
 */
export function createRenderQueue(limit: number) {
  let running = 0;
  let scheduled = false;
  const waiting: (() => void)[] = [];
  function startWaiting() {
    scheduled = false;
    while (running < limit && waiting.length > 0) {
      running += 1;
      waiting.shift()?.();
    }
  }
  function schedule() {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(startWaiting);
  }
  async function run<T>(task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });
    try {
      return await task();
    } finally {
      running -= 1;
      schedule();
    }
  }
  // Read by the metrics when scraped; the queue itself does no extra work for them.
  return Object.assign(run, { waiting: () => waiting.length, running: () => running });
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;

/**
 * A visitor's page view: a GET or HEAD outside the admin and the API. Admin work (uploads,
 * saves) waits on the database and disk and must never hold visitors up, so it is not queued.
 */
export function isPublicPageRequest(req: Pick<IncomingMessage, "method" | "url">) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  return !/^\/(admin|api)(\/|\.|$)/.test(pathname);
}
