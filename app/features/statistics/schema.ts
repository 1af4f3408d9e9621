// The statistics' shared contract: goal names, the dashboard's dimensions, ranges and filters as
// the URL carries them. Read by the collector, the dashboard's loader and its components.
import { z } from "zod";
import { hasNoControlCharacters, isCalendarDay } from "~/platform/query-values";
import { isAllowedLocale } from "~/features/locales/allow-list";

/** Goals a page may report (a click on a marked button); `contact` is counted by the server only. */
export const clientGoals = ["signup", "login", "gift_cards"] as const;
export const goals = [...clientGoals, "contact"] as const;
export type Goal = (typeof goals)[number];
export type ClientGoal = (typeof clientGoals)[number];

export { GOAL_ATTRIBUTE, STATISTICS_ENDPOINT, STATISTICS_SCRIPT_PATH } from "./tracker-contract";

/** The dimensions a row of the dashboard belongs to; each is also a filter. */
export const dimensions = [
  "page",
  "entry",
  "source",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "browser",
  "os",
  "language",
  "country",
  "locale",
  "goal",
] as const;
export type Dimension = (typeof dimensions)[number];

export const ranges = ["today", "7d", "30d", "month", "custom"] as const;
export type RangeName = (typeof ranges)[number];

export const MAX_FILTER_LENGTH = 300;

const day = z.string().refine(isCalendarDay, "такой даты нет в календаре");
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
const filterValue = optional(
  z.string().max(MAX_FILTER_LENGTH, `не длиннее ${MAX_FILTER_LENGTH} символов`).refine(hasNoControlCharacters, "недопустимые символы"),
);

/** Each parameter of the dashboard's URL on its own (a bad one is left out, the others kept). */
export const statisticsFields = {
  range: z.preprocess((value) => (value === "" ? undefined : value), z.enum(ranges, { error: "неизвестный период" }).default("30d")),
  from: optional(day),
  to: optional(day),
  ...(Object.fromEntries(dimensions.map((name) => [name, filterValue])) as Record<Dimension, typeof filterValue>),
  // The site's locale a visit was in: a code of the allowed list, nothing else.
  locale: optional(z.string().max(35, "неизвестный язык сайта").refine(isAllowedLocale, "неизвестный язык сайта")),
};

/**
 * The dashboard's URL: a range, custom dates and one value per filtered dimension. Syntax only:
 * the period's bounds (what retention keeps) are checked by parseStatisticsQuery (query.ts).
 */
export const statisticsQuerySchema = z
  .object(statisticsFields)
  .refine((query) => query.range !== "custom" || (query.from && query.to && query.from <= query.to), {
    message: "Укажите начало и конец периода",
    path: ["from"],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const STATISTICS_PATH = "/admin/other/statistics";
export const STATISTICS_EXPORT_PATH = "/admin/statistics-export";

/** One row of a breakdown. */
export interface BreakdownRow {
  value: string;
  visitors: number;
  visits: number;
  pageviews: number;
  conversions: number;
}

export interface Totals {
  /** Distinct visitors of each day, added up over the days (a visitor's hash changes at midnight). */
  visitors: number;
  /** Visits: a visitor's pageviews until 30 minutes pass without one. */
  visits: number;
  pageviews: number;
  bounces: number;
  /** Seconds, summed over the visits. */
  duration: number;
  conversions: number;
}

/** The chart's point: an hour (one day), a day (up to 92), a week (up to 371) or a month. */
export type Unit = "hour" | "day" | "week" | "month";

export interface SeriesPoint {
  /** An hour (`2026-11-26T13`), a day, or the first day of a week or month (`2026-11-23`). */
  bucket: string;
  visitors: number;
  pageviews: number;
}

export interface Marker {
  at: string;
  label: string;
}

export interface StatisticsView {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  unit: Unit;
  totals: Totals;
  previous: Totals;
  series: SeriesPoint[];
  markers: Marker[];
  breakdowns: Record<Dimension, BreakdownRow[]>;
  liveVisitors: number;
}
