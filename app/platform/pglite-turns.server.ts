import { setImmediate } from "node:timers";
import { PGlite } from "@electric-sql/pglite";

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
 *
 * Page renders for the cache take turns too, though every visitor of the page waits for them.
 * Letting them skip their turns needs an AsyncLocalStorage flag carried from the renderer to
 * here; it took some 20 % off the visitors' p99 during a burst of saves, but its A/Bs were
 * inconclusive (bench/save-turns-ab.md), so it is not in.
 */
export class TurnTakingPGlite extends PGlite {
  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => super._runExclusiveQuery(fn));
  }
}
