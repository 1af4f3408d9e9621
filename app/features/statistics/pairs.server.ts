// Views filtered by two values, kept per day for the pairs the dashboard is asked for
// (docs/decisions/0019): a pair's first view reads the visits, as every view by two values did;
// then its days are rolled up in the background (the statistics' scheduled work, one day a
// statement), and from then on its views read a few hundred rows a day, as a view by one value does.
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/platform/db.server";
import { figureColumns, figuresOfVisits, visitsWhere } from "./figures.server";
import { dimensions, type Dimension } from "./schema";

/** Any fixed number, the roll-up's: a pair's day is written while no roll-up writes the visits. */
export const ROLLUP_LOCK = 728_400_118;

/** At most this many pairs are kept; a new one makes room by dropping the one viewed longest ago. */
export const MAX_PAIRS = 100;
/** A pair no view has asked for in this many days is dropped with its figures. */
export const PAIR_UNUSED_DAYS = 90;

export interface Pair {
  id: number;
  ready: boolean;
}

type Filters = [Dimension, string][];

/** The two filters in the dashboard's order of dimensions, or undefined for any other number. */
export function pairOf(filters: Filters): Filters | undefined {
  if (filters.length !== 2) return undefined;
  return [...filters].sort((a, b) => dimensions.indexOf(a[0]) - dimensions.indexOf(b[0]));
}

let onNewPair: (() => void) | undefined;
/** What the running server does when a view asks for a pair not kept yet (starts rolling it up); returns the undo. */
export function whenPairAsked(run: () => void) {
  onNewPair = run;
  return () => {
    if (onNewPair === run) onNewPair = undefined;
  };
}

/**
 * The kept pair of a view filtered by exactly two values (undefined for any other view): noted as
 * asked for now (at most one write an hour per pair), added when new (the background roll-up is
 * started; the view reads the visits until the pair is ready), the pair viewed longest ago
 * dropped when there are more than MAX_PAIRS.
 */
export async function pairAskedFor(db: Database, filters: Filters, now = new Date()): Promise<Pair | undefined> {
  const pair = pairOf(filters);
  if (!pair) return undefined;
  const [[filterA, valueA], [filterB, valueB]] = pair as [[Dimension, string], [Dimension, string]];
  const at = now.toISOString();
  const [found] = await rowsOf<{ id: number; ready: boolean; viewed_at: string | Date }>(
    db,
    sql`select id, ready, viewed_at from statistics_pairs
      where filter_a = ${filterA} and value_a = ${valueA} and filter_b = ${filterB} and value_b = ${valueB}`,
  );
  if (found) {
    if (now.getTime() - new Date(found.viewed_at).getTime() > 3_600_000)
      await db.execute(sql`update statistics_pairs set viewed_at = ${at}::timestamptz where id = ${found.id}`);
    return { id: Number(found.id), ready: Boolean(found.ready) };
  }
  const [added] = await rowsOf<{ id: number }>(
    db,
    sql`insert into statistics_pairs (filter_a, value_a, filter_b, value_b, viewed_at)
      values (${filterA}, ${valueA}, ${filterB}, ${valueB}, ${at}::timestamptz)
      on conflict (filter_a, value_a, filter_b, value_b) do update set viewed_at = excluded.viewed_at
      returning id`,
  );
  await db.execute(sql`delete from statistics_pairs where id in (
      select id from statistics_pairs order by viewed_at desc, id desc offset ${MAX_PAIRS})`);
  onNewPair?.();
  return { id: Number(added!.id), ready: false };
}

/** Writes one pair's figures of one day from the visits, replacing what was there. */
async function rollUpPairDay(db: Database, pair: { id: number; filters: Filters }, day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`delete from statistics_daily_pair where pair_id = ${pair.id} and day = ${day}::date`);
    await tx.execute(sql`
      insert into statistics_daily_pair (pair_id, day, dimension, value, ${figureColumns})
      select ${pair.id}, b.day, b.dimension, b.value, ${figureColumns}
      from (${figuresOfVisits(sql`statistics_visits v where ${visitsWhere(pair.filters, day, day)}`, ["day"])}) b
      where exists (select 1 from statistics_pairs where id = ${pair.id})`);
  });
}

const keptPairs = async (db: Database, where = sql`true`) =>
  (
    await rowsOf<{ id: number; filter_a: Dimension; value_a: string; filter_b: Dimension; value_b: string }>(
      db,
      sql`select id, filter_a, value_a, filter_b, value_b from statistics_pairs where ${where} order by id`,
    )
  ).map((row) => ({
    id: Number(row.id),
    filters: [
      [row.filter_a, row.value_a],
      [row.filter_b, row.value_b],
    ] as Filters,
  }));

/** A day rolled up for the last time: every kept pair's figures of it (called by rollUpDay). */
export async function rollUpPairsOfDay(db: Database, day: string) {
  for (const pair of await keptPairs(db)) await rollUpPairDay(db, pair, day);
}

/**
 * Rolls up every day with visits for each pair not ready yet, one day a statement, then marks it
 * ready (stopping between days when `signal` is aborted). A day rolled up meanwhile is written again by its roll-up (rollUpPairsOfDay), so the
 * figures are the visits' as they are when the pair is marked.
 */
export async function fillPairs(db: Database, signal?: AbortSignal) {
  let filled = 0;
  for (const pair of await keptPairs(db, sql`not ready`)) {
    const days = await rowsOf<{ day: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from statistics_daily where dimension = 'total' and value = '' order by day`,
    );
    for (const { day } of days) {
      // A server shutting down stops between days; the pair is finished after the next start.
      if (signal?.aborted) return filled;
      await rollUpPairDay(db, pair, day);
    }
    await db.execute(sql`update statistics_pairs set ready = true where id = ${pair.id}`);
    filled += 1;
  }
  return filled;
}

/** Drops the pairs no view has asked for in PAIR_UNUSED_DAYS days, and the figures of days before `keepFrom`. */
export async function prunePairs(db: Database, keepFrom: string, now = new Date()) {
  const unused = new Date(now.getTime() - PAIR_UNUSED_DAYS * 86_400_000).toISOString();
  await db.execute(sql`delete from statistics_pairs where viewed_at < ${unused}::timestamptz`);
  await db.execute(sql`delete from statistics_daily_pair where day < ${keepFrom}::date`);
}
