// Raw events rolled up by day: one row per visit (30 minutes without a pageview end one) in
// statistics_visits, per dimension value in statistics_daily and, for days that are over, per
// filter value and dimension value in statistics_daily_by; then the retention: raw events ANALYTICS_RAW_DAYS (whole
// months' partitions dropped, the rest deleted), roll-ups ANALYTICS_KEEP_MONTHS, salts 48 hours.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { deleteOldSalts, dayOf } from "./salt.server";
import { dropPartitionsBefore } from "./partitions.server";
import { figureColumns, figuresOfVisits } from "./figures.server";
import { localeOfPathSql } from "./locale-of-path.server";
import { packDayColumns } from "./day-columns.server";
import { prunePairs, rollUpPairsOfDay, ROLLUP_LOCK } from "./pairs.server";
import { dimensions, type Dimension } from "./schema";

const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** A visit ends after this long without a pageview. */
export const VISIT_GAP = "30 minutes";

/** The visits `where` selects, each with one value of `filter` it has (a visit once per page it viewed or goal it reached; no empty value). */
export function visitsWithValue(filter: Dimension, where: SQL) {
  if (filter === "page")
    return sql`(select v.*, f.value as filter_value from statistics_visits v cross join lateral (select distinct unnest(v.paths)) f(value) where ${where} and f.value <> '') v`;
  if (filter === "locale")
    return sql`(select v.*, ${localeOfPathSql(sql`v.entry`)} as filter_value from statistics_visits v where ${where}) v`;
  if (filter === "goal")
    return sql`(select v.*, f.value as filter_value from statistics_visits v cross join lateral unnest(v.goals) f(value) where ${where} and f.value <> '') v`;
  return sql`(select v.*, v.${sql.identifier(filter)} as filter_value from statistics_visits v where ${where} and v.${sql.identifier(filter)} <> '') v`;
}

/**
 * Rolls one UTC day up from the raw events, replacing what was rolled up before: the visits (a
 * visitor's pageviews until 30 minutes pass without one; a goal belongs to the visit of the last
 * pageview before it), their figures per dimension value, and the number of raw events read, in
 * the same statement, so an event written meanwhile shows as a changed count. A day that is over
 * also gets its per-filter figures, one filter a statement (each a short turn on PGlite), and
 * the figures of each pair of filter values the dashboard keeps (pairs.server.ts), and its visits
 * packed by column (day-columns.ts).
 */
export async function rollUpDay(db: Database, day: string, now = new Date()) {
  const from = `${day}T00:00:00Z`;
  const to = `${nextDay(day)}T00:00:00Z`;
  const final = day < dayOf(now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`delete from statistics_visits where day = ${day}::date`);
    // A day rolled up again is read from its visits until its last roll-up packs it again.
    await tx.execute(sql`delete from statistics_day_columns where day = ${day}::date`);
    await tx.execute(sql`
      with events as (
        select * from statistics_events where at >= ${from}::timestamptz and at < ${to}::timestamptz
      ), mark as (
        insert into statistics_rollups (day, events, final, rolled_at) select ${day}::date, count(*), false, now() from events
        on conflict (day) do update set events = excluded.events, final = false, rolled_at = excluded.rolled_at
      ), pageviews as (
        select *, case when at - lag(at) over (partition by visitor order by at) <= interval '${sql.raw(VISIT_GAP)}' then 0 else 1 end as starts
        from events where name = 'pageview'
      ), numbered as (
        select *, sum(starts) over (partition by visitor order by at, kind rows unbounded preceding) as visit from (
          select *, 0 as kind from pageviews
          union all select *, 0 as starts, 1 as kind from events where name <> 'pageview'
        ) e
      ), firsts as (
        select distinct on (visitor, visit) * from numbered where kind = 0 order by visitor, visit, at
      ), visits as (
        select visitor, visit, max(at) as ended_at, count(*)::int as pageviews, array_agg(path order by at) as paths
        from numbered where kind = 0 group by visitor, visit
      ), goals as (
        select visitor, visit, array_agg(distinct name) as goals from numbered where kind = 1 and visit > 0 group by visitor, visit
      )
      insert into statistics_visits (day, visitor, started_at, ended_at, pageviews, day_visits, paths, goals, entry, referrer, source,
        utm_source, utm_medium, utm_campaign, device, browser, os, language, country)
      select ${day}::date, f.visitor, f.at, v.ended_at, v.pageviews, count(*) over (partition by f.visitor), v.paths, coalesce(g.goals, '{}'), f.path, f.referrer, f.source,
        f.utm_source, f.utm_medium, f.utm_campaign, f.device, f.browser, f.os, f.language, f.country
      from firsts f join visits v using (visitor, visit) left join goals g using (visitor, visit)`);
    await tx.execute(sql`delete from statistics_daily where day = ${day}::date`);
    await tx.execute(sql`
      insert into statistics_daily (day, dimension, value, ${figureColumns})
      ${figuresOfVisits(sql`statistics_visits v where v.day = ${day}::date`, ["day"])}`);
  });
  if (!final) return;
  for (const filter of dimensions) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      await tx.execute(sql`delete from statistics_daily_by where day = ${day}::date and filter = ${filter}`);
      await tx.execute(sql`
        insert into statistics_daily_by (day, filter, filter_value, dimension, value, ${figureColumns})
        select b.day, ${filter}, b.filter_value, b.dimension, b.value, ${figureColumns}
        from (${figuresOfVisits(visitsWithValue(filter, sql`v.day = ${day}::date`), ["day", "filter_value"])}) b
`);
    });
  }
  await rollUpPairsOfDay(db, day);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await packDayColumns(tx, day);
  });
  await db.execute(sql`update statistics_rollups set final = true where day = ${day}::date`);
}

/**
 * The days since `since` whose raw events differ in number from what their last roll-up read:
 * never rolled up (a server down at midnight), or given events after it (a batch written while
 * it ran, another instance's, a late flush). Events only arrive, so the count tells.
 */
export async function daysToRollUp(db: Database, since: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select e.day from (
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as events from statistics_events
      where at >= ${since}::timestamptz group by 1
    ) e left join statistics_rollups r on r.day = e.day::date
    where r.events is distinct from e.events order by e.day`)) as unknown as { rows: { day: string }[] };
  return result.rows.map((row) => row.day);
}

export interface Retention {
  rawDays: number;
  keepMonths: number;
}

/** Deletes what has passed its time: raw events, roll-ups and salts. */
export async function pruneStatistics(db: Database, retention: Retention, now = new Date()) {
  const rawCutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - retention.rawDays));
  const droppedPartitions = await dropPartitionsBefore(db, rawCutoff);
  await db.execute(sql`delete from statistics_events where at < ${rawCutoff.toISOString()}::timestamptz`);
  const keepFrom = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retention.keepMonths, now.getUTCDate())));
  await db.execute(sql`delete from statistics_visits where day < ${keepFrom}::date`);
  await db.execute(sql`delete from statistics_daily where day < ${keepFrom}::date`);
  await db.execute(sql`delete from statistics_daily_by where day < ${keepFrom}::date`);
  await db.execute(sql`delete from statistics_day_columns where day < ${keepFrom}::date`);
  await prunePairs(db, keepFrom, now);
  await db.execute(sql`delete from statistics_rollups where day < ${dayOf(rawCutoff)}::date`);
  const salts = await deleteOldSalts(db, now);
  return { droppedPartitions, salts };
}
