// Raw events rolled up by day: one row per visit (a visitor's day) in statistics_visits, and per
// dimension value in statistics_daily; then the retention: raw events ANALYTICS_RAW_DAYS (whole
// months' partitions dropped, the rest deleted), roll-ups ANALYTICS_KEEP_MONTHS, salts 48 hours.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { deleteOldSalts, dayOf } from "./salt.server";
import { dropPartitionsBefore } from "./partitions.server";

/** Any fixed number: instances roll a day up one at a time. */
const ROLLUP_LOCK = 728_400_118;

/** The dimensions each visit has one value of, as `(name, expression)` over statistics_visits `v`. */
export const visitDimensions = sql`(values
  ('total', ''), ('entry', v.entry), ('referrer', v.referrer), ('source', v.source),
  ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
  ('device', v.device), ('browser', v.browser), ('os', v.os), ('language', v.language),
  ('country', v.country), ('hour', to_char(v.started_at at time zone 'UTC', 'HH24'))) d(dimension, value)`;

/** The figures of a group of visits `v`. */
export const visitFigures = sql`count(*)::int as visitors, sum(v.pageviews)::int as pageviews,
  (count(*) filter (where v.pageviews = 1))::int as bounces,
  coalesce(sum(extract(epoch from v.ended_at - v.started_at)), 0)::int as duration,
  (count(*) filter (where cardinality(v.goals) > 0))::int as conversions`;

/**
 * Every dimension's rows for the visits `where` selects: one value per visit, then the pages
 * (a visit counted once per page it viewed) and the goals it reached. `keys` is what the rows
 * are grouped by besides the dimension (the day, for the roll-up; nothing for a filtered view).
 */
export function breakdownQuery(where: SQL, keys: SQL | undefined) {
  const select = keys ? sql`${keys}, ` : sql``;
  const group = keys ? sql`${keys}, ` : sql``;
  return sql`
    select ${select}d.dimension, d.value, ${visitFigures}
      from statistics_visits v cross join lateral ${visitDimensions} where ${where} group by ${group}d.dimension, d.value
    union all
    select ${select}'page', p.path, count(*)::int, sum(p.views)::int, (count(*) filter (where v.pageviews = 1))::int,
        coalesce(sum(extract(epoch from v.ended_at - v.started_at)), 0)::int, (count(*) filter (where cardinality(v.goals) > 0))::int
      from statistics_visits v cross join lateral (select path, count(*) as views from unnest(v.paths) as path group by path) p
      where ${where} group by ${group}p.path
    union all
    select ${select}'goal', g.goal, count(*)::int, sum(v.pageviews)::int, (count(*) filter (where v.pageviews = 1))::int,
        coalesce(sum(extract(epoch from v.ended_at - v.started_at)), 0)::int, count(*)::int
      from statistics_visits v cross join lateral unnest(v.goals) as g(goal) where ${where} group by ${group}g.goal`;
}

const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** Rolls one UTC day up from the raw events, replacing what was rolled up before. */
export async function rollUpDay(db: Database, day: string) {
  const from = `${day}T00:00:00Z`;
  const to = `${nextDay(day)}T00:00:00Z`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`delete from statistics_visits where day = ${day}::date`);
    await tx.execute(sql`
      with events as (
        select * from statistics_events where at >= ${from}::timestamptz and at < ${to}::timestamptz
      ), firsts as (
        select distinct on (visitor) * from events where name = 'pageview' order by visitor, at
      ), visits as (
        select visitor, max(at) filter (where name = 'pageview') as ended_at,
          (count(*) filter (where name = 'pageview'))::int as pageviews,
          array_agg(path order by at) filter (where name = 'pageview') as paths,
          coalesce(array_agg(distinct name) filter (where name <> 'pageview'), '{}') as goals
        from events group by visitor
      )
      insert into statistics_visits (day, visitor, started_at, ended_at, pageviews, paths, goals, entry, referrer, source,
        utm_source, utm_medium, utm_campaign, device, browser, os, language, country)
      select ${day}::date, f.visitor, f.at, v.ended_at, v.pageviews, v.paths, v.goals, f.path, f.referrer, f.source,
        f.utm_source, f.utm_medium, f.utm_campaign, f.device, f.browser, f.os, f.language, f.country
      from firsts f join visits v using (visitor)`);
    await tx.execute(sql`delete from statistics_daily where day = ${day}::date`);
    await tx.execute(sql`
      insert into statistics_daily (day, dimension, value, visitors, pageviews, bounces, duration, conversions)
      ${breakdownQuery(sql`v.day = ${day}::date`, sql`v.day`)}`);
  });
}

/** The days with raw events since `since` that have no roll-up yet (a server down at midnight). */
export async function daysWithoutRollUp(db: Database, since: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day from statistics_events
    where at >= ${since}::timestamptz
      and not exists (select 1 from statistics_daily d where d.dimension = 'total'
        and d.day = (statistics_events.at at time zone 'UTC')::date)
    order by day`)) as unknown as { rows: { day: string }[] };
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
  const salts = await deleteOldSalts(db, now);
  return { droppedPartitions, salts };
}
