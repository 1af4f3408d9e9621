import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate } from "node:timers";
import { PGlite } from "@electric-sql/pglite";

const waitedFor = new AsyncLocalStorage<true>();

/**
 * Runs work that visitors are waiting for (a page render for the cache) with its statements
 * taking no turns: every visitor of that page waits for the whole render anyway, and with
 * turns the ten-odd reads that follow a content write each waited for a loop turn of a busy
 * server, which held every one of those visitors 20–30 ms longer.
 */
export function withoutTurns<T>(work: () => Promise<T>): Promise<T> {
  return waitedFor.run(true, work);
}

/** Whether this work runs inside `withoutTurns`. */
export const isWaitedFor = () => waitedFor.getStore() === true;

/**
 * PGlite runs PostgreSQL inside this process: a query is synchronous WebAssembly behind a
 * promise, and its promise settles without the event loop turning. An administrator's save, a
 * few dozen statements chained with `await` (the session, the write, its history, the page's
 * loaders), ran as one stretch of 30–40 ms of CPU, and every visitor whose request arrived
 * meanwhile waited for all of it, cached page or not.
 *
 * Each statement here first waits for the loop's next check phase (`setImmediate`), so sockets
 * are read and cached pages sent between one statement and the next. Statements keep their
 * order: immediates run in the order they were set, and PGlite's own lock comes after them.
 * The cost is one loop turn per statement, a few microseconds on an idle server.
 */
export class TurnTakingPGlite extends PGlite {
  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    if (waitedFor.getStore()) return super._runExclusiveQuery(fn);
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => super._runExclusiveQuery(fn));
  }
}
