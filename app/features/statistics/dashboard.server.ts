// The dashboard's figures for a range and filters, compared with the period before: unfiltered
// from the daily roll-up, filtered by one value from the per-filter roll-up (today from the
// visits), by a pair of values from the pair's roll-up once it is kept, by more from the visits;
// read in slices of at most a month (of visits, at most VISITS_PER_STATEMENT of them) and added
// up, so no statement holds the database for long, and a long period's chart has a point a week
// or a month.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "~/platform/db.server";
import { requirePermission } from "~/features/access/require.server";
import { logger } from "~/platform/logger.server";
import type { Actor } from "~/platform/person";
import { allFigureDimensions, figuresOfVisits, visitsWhere } from "./figures.server";
import { figuresOfPackedDays } from "./day-columns.server";
import { PACKED_VISITS_PER_READ, SLICE_DAYS, slices, slicesByVisits } from "./slices";
import { pairAskedFor, type Pair } from "./pairs.server";
import { dayOf } from "./salt.server";
import {
  dimensions,
  type BreakdownRow,
  type Dimension,
  type Marker,
  type SeriesPoint,
  type StatisticsQuery,
  type StatisticsView,
  type Totals,
  type Unit,
} from "./schema";

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The chart's unit for a period of `days`: at most 24 hours, 92 days or 53 weeks a chart. */
export const unitFor = (days: number): Unit => (days === 1 ? "hour" : days <= 92 ? "day" : days <= 371 ? "week" : "month");

/** The range's first and last day (UTC), the period of the same length before it, and the chart's unit. */
export function resolveRange(query: Pick<StatisticsQuery, "range" | "from" | "to">, now = new Date()) {
  const today = dayOf(now);
  let from = today;
  let to = today;
  if (query.range === "7d") from = shift(today, -6);
  else if (query.range === "30d") from = shift(today, -29);
  else if (query.range === "month") from = `${today.slice(0, 8)}01`;
  else if (query.range === "custom" && query.from && query.to) [from, to] = [query.from, query.to];
  const length = daysBetween(from, to);
  return { from, to, previousFrom: shift(from, -length), previousTo: shift(from, -1), unit: unitFor(length) };
}

/** The chart's point a day belongs to: the day, its week's Monday or its month's first day. */
export function bucketOf(day: string, unit: Unit) {
  if (unit === "month") return `${day.slice(0, 8)}01`;
  if (unit !== "week") return day;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shift(day, -((weekday + 6) % 7));
}

const daysOf = (from: string, to: string) => Array.from({ length: daysBetween(from, to) }, (_, index) => shift(from, index));

export const activeFilters = (query: Partial<StatisticsQuery>) =>
  dimensions.flatMap((name) => (query[name] !== undefined ? [[name, query[name]] as [Dimension, string]] : []));

type Row = Totals & { dimension: string; value: string };
type Filters = [Dimension, string][];
const emptyTotals: Totals = { visitors: 0, visits: 0, pageviews: 0, bounces: 0, duration: 0, conversions: 0 };
const totalsOf = (row: Partial<Totals> | undefined): Totals => ({
  visitors: Number(row?.visitors ?? 0),
  visits: Number(row?.visits ?? 0),
  pageviews: Number(row?.pageviews ?? 0),
  bounces: Number(row?.bounces ?? 0),
  duration: Number(row?.duration ?? 0),
  conversions: Number(row?.conversions ?? 0),
});
const sums = sql.raw(`sum(visitors)::int as visitors, sum(visits)::int as visits, sum(pageviews)::int as pageviews,
  sum(bounces)::int as bounces, sum(duration)::int as duration, sum(conversions)::int as conversions`);
/**
 * The days of a period that have visits (a total in the daily roll-up), each with whether its
 * per-filter figures are not written: rolled up before the day was over (today, or a day whose
 * late events are being rolled up again), and whether its visits are packed (day-columns.ts).
 * Every other day is read from the per-filter roll-up, also a day whose roll-up mark has been
 * pruned (after ANALYTICS_RAW_DAYS). A filtered view reads these days only: a long period with
 * few days of visits is a few statements.
 */
type DayWithVisits = { day: string; open: boolean; packed: boolean; visits: number };
async function daysWithVisits(db: Database, from: string, to: string) {
  return rowsOf<DayWithVisits>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(not r.final, false) as open, c.day is not null as packed, d.visits
      from statistics_daily d left join statistics_rollups r on r.day = d.day left join statistics_day_columns c on c.day = d.day
      where d.dimension = 'total' and d.value = '' and d.day between ${from}::date and ${to}::date order by d.day`,
  );
}
const dayList = (days: string[]) =>
  sql`(${sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  )})`;

/** A period's figures: every dimension's rows with the days' (`day`, the chart's) and the hours', or only the total. */
type Only = "total" | undefined;

/** A statement over the visits `where` selects. */
function fromVisits(where: SQL, only: Only) {
  const visits = sql`statistics_visits v where ${where}`;
  return only === "total" ? figuresOfVisits(visits, [], ["total"]) : figuresOfVisits(visits, [], [...allFigureDimensions, "day"]);
}

/** A statement over a roll-up's rows (`table` with its own conditions) for some days. */
function fromRollUp(table: SQL, days: string[], only: Only) {
  const within = sql`${table} and day between ${days[0]}::date and ${days.at(-1)}::date and day in ${dayList(days)}`;
  if (only === "total") return sql`select dimension, value, ${sums} from ${within} and dimension = 'total' group by dimension, value`;
  return sql`select dimension, value, ${sums} from ${within} group by dimension, value
    union all select 'day', to_char(day, 'YYYY-MM-DD'), ${sums} from ${within} and dimension = 'total' group by day`;
}

/** A statement over the visits of some days that match the filters. */
const visitsOfDays = (filters: Filters, only: Only) => (slice: string[]) =>
  fromVisits(sql`${visitsWhere(filters, slice[0]!, slice.at(-1)!)} and v.day in ${dayList(slice)}`, only);

/**
 * Where a period's figures come from: the daily roll-up unfiltered; for one filter, or for a pair
 * of filters once its figures are kept (`pair`, pairs.server.ts), that roll-up for the days that
 * are over and the visits for the others (today); otherwise the packed visits of the days that
 * are over (`packed`, day-columns.ts) and the visits of the others. Each statement reads a slice
 * of the period.
 */
async function statements(
  db: Database,
  filters: Filters,
  from: string,
  to: string,
  only: Only,
  pair?: Pair,
): Promise<{ queries: SQL[]; packed: DayWithVisits[] }> {
  const days = daysOf(from, to);
  if (filters.length === 0)
    return { queries: slices(days, SLICE_DAYS).map((slice) => fromRollUp(sql`statistics_daily where true`, slice, only)), packed: [] };
  const [single] = filters;
  const visits = visitsOfDays(filters, only);
  const found = await daysWithVisits(db, from, to);
  const kept =
    filters.length === 1 && single
      ? sql`statistics_daily_by where filter = ${single[0]} and filter_value = ${single[1]}`
      : pair?.ready
        ? sql`statistics_daily_pair where pair_id = ${pair.id}`
        : undefined;
  if (!kept) {
    const packed = found.filter((row) => !row.open && row.packed);
    return { queries: slicesByVisits(found.filter((row) => row.open || !row.packed)).map(visits), packed };
  }
  return {
    queries: [
      ...slices(
        found.filter((row) => !row.open).map((row) => row.day),
        SLICE_DAYS,
      ).map((slice) => fromRollUp(kept, slice, only)),
      ...slicesByVisits(found.filter((row) => row.open)).map(visits),
    ],
    packed: [],
  };
}

/**
 * Reads run two at a time: on PostgreSQL one read's transfer overlaps the counting of another's
 * packed days (the embedded database takes statements in turn whatever is sent).
 */
const READS_AT_ONCE = 2;

/** Every statement's rows over the period, added up by dimension and value. */
async function figures(db: Database, filters: Filters, from: string, to: string, only?: Only, pair?: Pair) {
  const merged = new Map<string, Row>();
  const add = (rows: Row[]) => {
    for (const row of rows) {
      const key = `${row.dimension}\u0000${row.value}`;
      const sum = merged.get(key) ?? { dimension: row.dimension, value: row.value, ...emptyTotals };
      for (const name of Object.keys(emptyTotals) as (keyof Totals)[]) sum[name] += Number(row[name] ?? 0);
      merged.set(key, sum);
    }
  };
  const { queries, packed } = await statements(db, filters, from, to, only, pair);
  const reads = [
    ...queries.map((query) => () => rowsOf<Row>(db, query)),
    ...slicesByVisits(packed, PACKED_VISITS_PER_READ).map((slice) => async () => {
      const read = await figuresOfPackedDays(db, slice, filters, only === "total");
      // A day rolled up again since the list was read: its visits.
      const missing = packed.filter((row) => read.missing.includes(row.day));
      for (const query of slicesByVisits(missing).map(visitsOfDays(filters, only))) read.rows.push(...(await rowsOf<Row>(db, query)));
      return read.rows;
    }),
  ];
  let next = 0;
  const reader = async () => {
    for (let read = reads[next++]; read; read = reads[next++]) add(await read());
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, reads.length) }, reader));
  return [...merged.values()];
}

/** The chart's points from a period's rows: its hours (one day) or its days, added up by week or month for a long period. */
function seriesOf(rows: Row[], range: ReturnType<typeof resolveRange>): SeriesPoint[] {
  const { from, to, unit } = range;
  const found = new Map<string, { visitors: number; pageviews: number }>();
  for (const row of rows) {
    if (row.dimension !== (unit === "hour" ? "hour" : "day")) continue;
    const bucket = unit === "hour" ? row.value : bucketOf(row.value, unit);
    const point = found.get(bucket) ?? { visitors: 0, pageviews: 0 };
    point.visitors += Number(row.visitors);
    point.pageviews += Number(row.pageviews);
    found.set(bucket, point);
  }
  const buckets =
    unit === "hour"
      ? Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"))
      : [...new Set(daysOf(from, to).map((day) => bucketOf(day, unit)))];
  return buckets.map((bucket) => ({
    bucket: unit === "hour" ? `${from}T${bucket}` : bucket < from ? from : bucket,
    visitors: found.get(bucket)?.visitors ?? 0,
    pageviews: found.get(bucket)?.pageviews ?? 0,
  }));
}

/** Publishes, releases and content saves in the range, to read against the traffic. */
async function markersFor(db: Database, from: string, to: string): Promise<Marker[]> {
  const rows = await rowsOf<{ at: string | Date; kind: string; target: string | null }>(
    db,
    sql`select created_at as at, kind, target from activity_events
        where created_at >= ${from}::date and created_at < ${shift(to, 1)}::date
          and (area in ('content', 'settings', 'menu', 'legal', 'fees', 'page-links', 'pages', 'releases')
            or kind like 'release.%' or kind like 'page.%' or kind like '%publish%')
          and kind not like '%.delete%'
        order by created_at limit 200`,
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), label: row.target ? `${row.kind}: ${row.target}` : row.kind }));
}

/** Visitors seen in the last five minutes (raw events, not yet rolled up). */
async function liveVisitors(db: Database, now: Date) {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(distinct visitor)::int as count from statistics_events
        where name = 'pageview' and at > ${new Date(now.getTime() - 5 * 60_000).toISOString()}::timestamptz`,
  );
  return Number(row?.count ?? 0);
}

/** The rows of each dimension, most visitors first (at most `limit` each). */
function toBreakdowns(rows: Row[], limit: number): Record<Dimension, BreakdownRow[]> {
  const result = Object.fromEntries(dimensions.map((name) => [name, [] as BreakdownRow[]])) as Record<Dimension, BreakdownRow[]>;
  for (const row of rows) {
    const list = result[row.dimension as Dimension];
    if (!list || row.value === "") continue;
    list.push({ value: row.value, visitors: row.visitors, visits: row.visits, pageviews: row.pageviews, conversions: row.conversions });
  }
  for (const name of dimensions)
    result[name] = result[name].sort((a, b) => b.visitors - a.visitors || a.value.localeCompare(b.value)).slice(0, limit);
  return result;
}

/** The dashboard's figures (and the export's), for a role that may see statistics (403 otherwise; null: the server itself). */
export async function loadStatistics(
  db: Database,
  actor: Actor,
  query: StatisticsQuery,
  now = new Date(),
  limit = 10,
): Promise<StatisticsView> {
  requirePermission(actor, "statistics.view");
  const range = resolveRange(query, now);
  const filters = activeFilters(query);
  // Noting the pair is a write: a view is still answered (from the visits) when it fails.
  const pair = await pairAskedFor(db, filters, now).catch((error: unknown) => {
    logger.warn({ err: error }, "statistics pair not noted");
    return undefined;
  });
  const [rows, previous, markers, live] = await Promise.all([
    figures(db, filters, range.from, range.to, undefined, pair),
    figures(db, filters, range.previousFrom, range.previousTo, "total", pair),
    markersFor(db, range.from, range.to),
    liveVisitors(db, now),
  ]);
  return {
    ...range,
    totals: totalsOf(rows.find((row) => row.dimension === "total")),
    previous: totalsOf(previous[0]),
    series: seriesOf(rows, range),
    markers,
    breakdowns: toBreakdowns(rows, limit),
    liveVisitors: live,
  };
}
