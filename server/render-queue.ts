import type { IncomingMessage } from "node:http";

/**
 * Runs at most `limit` tasks at once and starts the others in arrival order. Rendering a page
 * is CPU work: fifty renders interleaved each finish as late as the last one, and some waited
 * more than two seconds under load; taken in turn, each waits only for those ahead of it.
 */
export function createRenderQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
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
