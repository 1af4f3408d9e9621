// The dashboard's query string as its loaders read it (the page, its data request, the CSV
// export): each parameter checked on its own, the period bounded by what retention keeps, so no
// URL reaches the database with a day it refuses (2024-02-30, year 0, year 10000), a control
// character, or a range of a million days.
import { statistics as ruStatistics } from "~/features/admin-i18n/catalogue/ru/statistics";
import type { Catalogue } from "~/features/admin-i18n/messages";
import { dimensions, MAX_FILTER_LENGTH, statisticsFields, statisticsQuerySchema, type StatisticsQuery } from "./schema";

type Texts = Catalogue["statistics"];

/** A parameter's message (schema.ts gives the Russian catalogue's) in the texts' language. */
function fieldMessage(message: string | undefined, texts: Texts) {
  const ru = ruStatistics.fields;
  if (message === undefined) return texts.problems.invalidValue;
  if (message === ru.tooLong({ max: MAX_FILTER_LENGTH })) return texts.fields.tooLong({ max: MAX_FILTER_LENGTH });
  const key = (Object.keys(ru) as (keyof Texts["fields"])[]).find((name) => ru[name] === message);
  const text = key ? texts.fields[key] : undefined;
  return typeof text === "string" ? text : message;
}

/** A longer query string is not one the dashboard writes (13 filters of 300 characters fit). */
export const MAX_QUERY_LENGTH = 6000;
const DAY_MS = 86_400_000;

export const dayOfDate = (time: Date) => time.toISOString().slice(0, 10);

/** The first day the roll-ups still hold (as pruneStatistics counts it) and today: the days a period may cover. */
export function keptDays(now: Date, keepMonths: number) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - keepMonths, now.getUTCDate()));
  return { first: dayOfDate(first), last: dayOfDate(now), days: Math.round((now.getTime() - first.getTime()) / DAY_MS) + 1 };
}

export interface ParsedStatisticsQuery {
  query: StatisticsQuery;
  /** What was wrong, one sentence a parameter, in the texts' language (Russian by default); empty when nothing was. */
  problems: string[];
}

const keys = ["range", "from", "to", ...dimensions] as const;

/**
 * Reads the dashboard's parameters: a bad, repeated or over-long one is left out and named in
 * `problems`; a custom period that is incomplete, reversed or outside the kept days falls back
 * to the last 30 days (and says so). Unknown parameters are ignored.
 */
export function parseStatisticsQuery(
  url: URL,
  limits: { now: Date; keepMonths: number },
  texts: Texts = ruStatistics,
): ParsedStatisticsQuery {
  const problems: string[] = [];
  if (url.search.length > MAX_QUERY_LENGTH) {
    return { query: statisticsQuerySchema.parse({}), problems: [texts.problems.tooLong] };
  }
  const values: Record<string, string> = {};
  for (const key of keys) {
    const given = url.searchParams.getAll(key);
    if (given.length === 0) continue;
    if (given.length > 1) {
      problems.push(texts.problems.repeated({ key }));
      continue;
    }
    const parsed = statisticsFields[key].safeParse(given[0]);
    if (parsed.success) values[key] = given[0]!;
    else problems.push(texts.problems.invalid({ key, message: fieldMessage(parsed.error.issues[0]?.message, texts) }));
  }
  const query = statisticsQuerySchema.safeParse(values);
  if (!query.success) {
    problems.push(texts.problems.incomplete);
    return { query: statisticsQuerySchema.parse({ ...values, range: "30d", from: undefined, to: undefined }), problems };
  }
  const kept = keptDays(limits.now, limits.keepMonths);
  const { from, to } = query.data;
  if (query.data.range === "custom" && from && to && (from < kept.first || to > kept.last)) {
    problems.push(texts.problems.outside({ first: kept.first, last: kept.last, months: limits.keepMonths }));
    return { query: { ...query.data, range: "30d", from: undefined, to: undefined }, problems };
  }
  return { query: query.data, problems };
}

/** The sentence the dashboard shows above a view whose URL had something wrong. */
export const problemsMessage = (problems: string[], texts: Texts = ruStatistics) =>
  problems.length === 0 ? null : texts.problems.message({ problems: problems.join(". ") });
