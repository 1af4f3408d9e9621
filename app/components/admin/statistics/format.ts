import { dimensions, STATISTICS_PATH, type StatisticsQuery, type Totals } from "~/features/statistics/schema";

const numbers = new Intl.NumberFormat("ru-RU");
export const formatNumber = (value: number) => numbers.format(value);
export const formatPercent = (value: number) => `${numbers.format(Math.round(value * 10) / 10)}%`;
export const formatDuration = (seconds: number) =>
  seconds < 60 ? `${Math.round(seconds)} с` : `${Math.floor(seconds / 60)} мин ${Math.round(seconds % 60)} с`;

/** The six headline figures of a period. */
export function headline(totals: Totals) {
  const visits = totals.visits;
  return {
    visitors: totals.visitors,
    pageviews: totals.pageviews,
    viewsPerVisit: visits ? totals.pageviews / visits : 0,
    bounceRate: visits ? (totals.bounces / visits) * 100 : 0,
    duration: visits ? totals.duration / visits : 0,
    conversions: totals.conversions,
  };
}

/** The change against the previous period in percent, or null when there was nothing before. */
export const change = (now: number, before: number) => (before === 0 ? null : ((now - before) / before) * 100);

/** The dashboard's URL with some of its parameters changed (undefined removes one). */
export function statisticsHref(
  query: Partial<StatisticsQuery>,
  changes: Partial<Record<keyof StatisticsQuery, string | undefined>>,
  base = STATISTICS_PATH,
) {
  const params = new URLSearchParams();
  const merged = { ...query, ...changes };
  if (merged.range && merged.range !== "30d") params.set("range", merged.range);
  if (merged.range === "custom") {
    if (merged.from) params.set("from", merged.from);
    if (merged.to) params.set("to", merged.to);
  }
  for (const name of dimensions) {
    const value = merged[name];
    if (value !== undefined) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
