// The dashboard's figures for a range and filters: unfiltered from the daily roll-up (a few
// thousand rows for any range), filtered from the visits, both compared with the period before.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { csvRow } from "~/platform/csv";
import { breakdownQuery, visitFigures } from "./rollup.server";
import { dayOf } from "./salt.server";
import {
  dimensionLabels,
  dimensions,
  type BreakdownRow,
  type Dimension,
  type Marker,
  type SeriesPoint,
  type StatisticsQuery,
  type StatisticsView,
  type Totals,
} from "./schema";

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

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
  return {
    from,
    to,
    previousFrom: shift(from, -length),
    previousTo: shift(from, -1),
    unit: length === 1 ? ("hour" as const) : ("day" as const),
  };
}

export const activeFilters = (query: Partial<StatisticsQuery>) =>
  dimensions.flatMap((name) => (query[name] !== undefined ? [[name, query[name]] as [Dimension, string]] : []));

/** The visits of the range that match every filter. */
function visitsWhere(filters: [Dimension, string][], from: string, to: string): SQL {
  const parts = [sql`v.day between ${from}::date and ${to}::date`];
  for (const [name, value] of filters) {
    if (name === "page") parts.push(sql`${value} = any(v.paths)`);
    else if (name === "goal") parts.push(sql`${value} = any(v.goals)`);
    else parts.push(sql`${sql.identifier(name)} = ${value}`);
  }
  return sql.join(parts, sql` and `);
}

type Row = Totals & { dimension: string; value: string };
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const emptyTotals: Totals = { visitors: 0, pageviews: 0, bounces: 0, duration: 0, conversions: 0 };
const totalsOf = (row: Partial<Totals> | undefined): Totals => ({
  visitors: Number(row?.visitors ?? 0),
  pageviews: Number(row?.pageviews ?? 0),
  bounces: Number(row?.bounces ?? 0),
  duration: Number(row?.duration ?? 0),
  conversions: Number(row?.conversions ?? 0),
});

async function breakdownRows(db: Database, filters: [Dimension, string][], from: string, to: string): Promise<Row[]> {
  if (filters.length > 0) return rowsOf<Row>(db, breakdownQuery(visitsWhere(filters, from, to), undefined));
  return rowsOf<Row>(
    db,
    sql`select dimension, value, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews, sum(bounces)::int as bounces,
          sum(duration)::int as duration, sum(conversions)::int as conversions
        from statistics_daily where day between ${from}::date and ${to}::date group by dimension, value`,
  );
}

async function totalsFor(db: Database, filters: [Dimension, string][], from: string, to: string): Promise<Totals> {
  const [row] =
    filters.length > 0
      ? await rowsOf<Totals>(db, sql`select ${visitFigures} from statistics_visits v where ${visitsWhere(filters, from, to)}`)
      : await rowsOf<Totals>(
          db,
          sql`select sum(visitors)::int as visitors, sum(pageviews)::int as pageviews, sum(bounces)::int as bounces,
                sum(duration)::int as duration, sum(conversions)::int as conversions
              from statistics_daily where dimension = 'total' and day between ${from}::date and ${to}::date`,
        );
  return totalsOf(row);
}

async function seriesFor(db: Database, filters: [Dimension, string][], range: ReturnType<typeof resolveRange>): Promise<SeriesPoint[]> {
  const { from, to, unit } = range;
  const rows =
    filters.length > 0
      ? await rowsOf<SeriesPoint>(
          db,
          sql`select ${unit === "hour" ? sql`to_char(v.started_at at time zone 'UTC', 'HH24')` : sql`to_char(v.day, 'YYYY-MM-DD')`} as bucket,
                count(*)::int as visitors, sum(v.pageviews)::int as pageviews
              from statistics_visits v where ${visitsWhere(filters, from, to)} group by 1`,
        )
      : await rowsOf<SeriesPoint>(
          db,
          sql`select ${unit === "hour" ? sql`value` : sql`to_char(day, 'YYYY-MM-DD')`} as bucket, visitors, pageviews
              from statistics_daily where dimension = ${unit === "hour" ? "hour" : "total"} and day between ${from}::date and ${to}::date`,
        );
  const found = new Map(rows.map((row) => [row.bucket, row]));
  const buckets =
    unit === "hour"
      ? Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"))
      : Array.from({ length: daysBetween(from, to) }, (_, index) => shift(from, index));
  return buckets.map((bucket) => ({
    bucket: unit === "hour" ? `${from}T${bucket}` : bucket,
    visitors: Number(found.get(bucket)?.visitors ?? 0),
    pageviews: Number(found.get(bucket)?.pageviews ?? 0),
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
    list.push({ value: row.value, visitors: Number(row.visitors), pageviews: Number(row.pageviews), conversions: Number(row.conversions) });
  }
  for (const name of dimensions)
    result[name] = result[name].sort((a, b) => b.visitors - a.visitors || a.value.localeCompare(b.value)).slice(0, limit);
  return result;
}

export async function loadStatistics(db: Database, query: StatisticsQuery, now = new Date(), limit = 10): Promise<StatisticsView> {
  const range = resolveRange(query, now);
  const filters = activeFilters(query);
  const [rows, previous, series, markers, live] = await Promise.all([
    breakdownRows(db, filters, range.from, range.to),
    totalsFor(db, filters, range.previousFrom, range.previousTo),
    seriesFor(db, filters, range),
    markersFor(db, range.from, range.to),
    liveVisitors(db, now),
  ]);
  const total = rows.find((row) => row.dimension === "total");
  return {
    ...range,
    totals: total ? totalsOf(total) : emptyTotals,
    previous,
    series,
    markers,
    breakdowns: toBreakdowns(rows, limit),
    liveVisitors: live,
  };
}

/** The view as CSV: the totals against the previous period, then every dimension's rows. */
export function statisticsCsv(view: StatisticsView): string {
  const lines = [csvRow(["section", "value", "visitors", "pageviews", "conversions"])];
  lines.push(csvRow([`total ${view.from}..${view.to}`, "", view.totals.visitors, view.totals.pageviews, view.totals.conversions]));
  lines.push(
    csvRow([
      `previous ${view.previousFrom}..${view.previousTo}`,
      "",
      view.previous.visitors,
      view.previous.pageviews,
      view.previous.conversions,
    ]),
  );
  for (const point of view.series) lines.push(csvRow([`series ${view.unit}`, point.bucket, point.visitors, point.pageviews, ""]));
  for (const name of dimensions)
    for (const row of view.breakdowns[name])
      lines.push(csvRow([dimensionLabels[name], row.value, row.visitors, row.pageviews, row.conversions]));
  return `${lines.join("\r\n")}\r\n`;
}
