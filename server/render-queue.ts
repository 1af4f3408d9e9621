import type { IncomingMessage } from "node:http";

/**
 * Runs at most `limit` tasks at once and starts the others in arrival order. Rendering a page
 * is CPU work: fifty renders interleaved each finish as late as the last one, and some waited
 * more than two seconds under load; taken in turn, each waits only for those ahead of it.
 *
 * A finished task hands its place straight to the next in line, which starts on the next turn
 * of the event loop: the server reads its sockets between two renders, and a request read in
 * between joins the line behind those already waiting instead of taking the freed place.
 */
export function createRenderQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  function release() {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else running -= 1;
  }
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * A visitor's page view: a GET or HEAD outside the admin and the API. Admin work (uploads,
 * saves) waits on the database and disk and must never hold visitors up, so it is not queued.
 */
export function isPublicPageRequest(req: Pick<IncomingMessage, "method" | "url">) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  return !/^\/(admin|api)(\/|\.|$)/.test(pathname);
}
