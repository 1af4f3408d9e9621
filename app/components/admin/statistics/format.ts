import { dimensions, STATISTICS_PATH, type StatisticsQuery, type Totals } from "~/features/statistics/schema";

import { formatNumber } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import type { Catalogue } from "~/features/admin-i18n/messages";

export { formatNumber };
/** A percentage to one decimal, with the language's decimal sign. */
export const formatPercent = (language: AdminLanguage, value: number) => `${formatNumber(language, Math.round(value * 10) / 10, 1)}%`;
export const formatDuration = (texts: Catalogue["statistics"], seconds: number) =>
  seconds < 60
    ? texts.seconds({ seconds: Math.round(seconds) })
    : texts.minutes({ minutes: Math.floor(seconds / 60), seconds: Math.round(seconds % 60) });

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
