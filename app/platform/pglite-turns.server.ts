import { setImmediate } from "node:timers";
import { PGlite, types, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * The types drizzle asks PGlite to return as text, with the same parsers on every query. PGlite
 * merges a query's own parsers into a copy of its 318 defaults for every query it runs (some
 * 80–110 µs, a third to a half of a small query's cost); kept on the instance instead, they are
 * copied never.
 */
const TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

/** The query's options without drizzle's parsers, which the instance applies itself; any other parsers are kept. */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== TEXT_TYPES.size || !keys.every((key) => TEXT_TYPES.has(Number(key)))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

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
 * here, whose cost to cached answers its A/Bs did not settle, so it is not in (docs/performance.md,
 * "Experiments behind the code").
 */
export class TurnTakingPGlite extends PGlite {
  /** Call once the database is ready: drizzle's text types are parsed by the instance from then on. */
  keepTextTypes() {
    for (const type of TEXT_TYPES) this.parsers[type] = asText;
  }

  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => super._runExclusiveQuery(fn));
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, withoutTextParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) =>
      callback(
        Object.assign(Object.create(tx) as Transaction, {
          query: <R>(query: string, params?: unknown[], options?: QueryOptions) => tx.query<R>(query, params, withoutTextParsers(options)),
        }),
      ),
    );
  }
}
