// The packed days in the database (day-columns.ts, docs/decisions/0020): written by the last
// roll-up of a day, read by the dashboard's views filtered by two values or more.
import { promisify } from "node:util";
import { deflateRaw, inflateRaw } from "node:zlib";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { packDay, packedSingles, type PackedDay, type PackedVisit } from "./day-columns";
import { addPackedDay, PackedSums, type PackedFilter } from "./packed-figures";
import { localeOfPathSql } from "./locale-of-path.server";
import { ROLLUP_LOCK } from "./pairs.server";

/**
 * Packs the day's visits (already rolled up) and keeps them, replacing what was packed before.
 * One statement reads the day: its visits as one JSON text (a row per visit costs the embedded
 * database far more), in the order the roll-up wrote them.
 */
export async function packDayColumns(db: Pick<Database, "execute">, day: string) {
  const [row] = await rowsOf<{ visits: string | null }>(
    db,
    sql`select json_agg(json_build_array(case when v.day_visits > 1 then v.visitor::text end, v.pageviews,
        floor(extract(epoch from v.ended_at - v.started_at))::int, v.paths, v.goals, v.entry, v.referrer, v.source, v.utm_source,
        v.utm_medium, v.utm_campaign, v.device, v.browser, v.os, v.language, v.country, ${localeOfPathSql(sql`v.entry`)},
        to_char(v.started_at at time zone 'UTC', 'HH24')))::text as visits
      from statistics_visits v where v.day = ${day}::date`,
  );
  const read = JSON.parse(row?.visits ?? "[]") as [string | null, number, number, string[], string[], ...string[]][];
  const visits: PackedVisit[] = read.map(([visitor, pageviews, duration, paths, goals, ...singles]) => ({
    visitor,
    pageviews,
    duration,
    paths,
    goals,
    singles: Object.fromEntries(packedSingles.map((name, index) => [name, singles[index] ?? ""])) as PackedVisit["singles"],
  }));
  await db.execute(sql`delete from statistics_day_columns where day = ${day}::date`);
  if (visits.length === 0) return;
  const packed = packDay(visits);
  const stored = await deflate(packed.data);
  await db.execute(sql`insert into statistics_day_columns (day, visits, value_lists, data)
    values (${day}::date, ${packed.visits}, ${JSON.stringify(packed.values)}, ${stored.toString("base64")})`);
}

/**
 * The columns are stored deflated: a view reads a month of them at once, and most of what it waits
 * for is the bytes coming from the database. Inflated off the event loop (libuv's pool).
 */
const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** The days of `days` that are packed, each day's figures for the filters (or its total only), and the days that were not found. */
export async function figuresOfPackedDays(db: Database, days: string[], filters: PackedFilter[], totalOnly: boolean) {
  const found = await rowsOf<{ day: string; visits: number; value_lists: string; data: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, visits, value_lists, data from statistics_day_columns
      where day in (${sql.join(
        days.map((day) => sql`${day}::date`),
        sql`, `,
      )})`,
  );
  const sums = new PackedSums();
  const seen = new Set<string>();
  const inflating = found.map(async (row) => ({
    day: row.day,
    visits: Number(row.visits),
    values: JSON.parse(row.value_lists) as PackedDay["values"],
    // One output chunk for the day (a visit packs to some 20–30 bytes): inflated in small chunks,
    // each a round trip through the pool, a month of days took five times as long.
    data: await inflate(Buffer.from(row.data, "base64"), { chunkSize: Math.max(64 * 1024, Number(row.visits) * 64) }),
  }));
  for (const [index, settled] of (await Promise.allSettled(inflating)).entries()) {
    try {
      if (settled.status === "rejected") throw settled.reason;
      addPackedDay(sums, settled.value.day, settled.value, filters, totalOnly);
      seen.add(settled.value.day);
    } catch (error) {
      // Bytes that cannot be read (damaged, or of a format this version does not know): the day is
      // answered from its visits.
      logger.warn({ err: error, day: found[index]?.day }, "packed statistics day unreadable");
    }
  }
  return { rows: sums.rows(), missing: days.filter((day) => !seen.has(day)) };
}

/**
 * Packs the days that are over and have visits but no packed columns (rolled up before packing
 * existed, or by an instance that stopped half-way), at most `limit` a run, each under the
 * roll-up's lock; returns how many it packed. Until then such a day is read from its visits.
 */
export async function packMissingDays(db: Database, today: string, limit = 31) {
  const days = await rowsOf<{ day: string }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day from statistics_daily d
      left join statistics_rollups r on r.day = d.day left join statistics_day_columns c on c.day = d.day
      where d.dimension = 'total' and d.value = '' and d.day < ${today}::date and c.day is null and coalesce(r.final, true)
      order by d.day desc limit ${limit}`,
  );
  for (const { day } of days)
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      // Rolled up again meanwhile: its next last roll-up packs it.
      const [still] = await rowsOf<{ final: boolean }>(
        tx,
        sql`select coalesce((select final from statistics_rollups where day = ${day}::date), true) as final`,
      );
      if (still?.final) await packDayColumns(tx, day);
    });
  return days.length;
}
