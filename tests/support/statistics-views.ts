// The dashboard's figures counted here, in JavaScript, from raw pageviews: the events of three
// days (visitors with several visits a day, 30-minute gaps, goals, repeated pages), the visits the
// roll-up makes of them, each view's expected figures, and a walk of every period × filter set
// (tests/integration/statistics-filtered-views.test.ts, statistics-pairs.test.ts).
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import { statisticsEvents } from "~/db/schema";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { dimensions, statisticsQuerySchema, type Dimension, type Totals } from "~/features/statistics/schema";
import type { Database } from "~/platform/db.server";

export type Event = typeof statisticsEvents.$inferInsert & { at: Date };
export const DAYS = ["2026-06-01", "2026-06-02", "2026-06-03"];
export const NOW = new Date("2026-06-03T18:00:00Z");

/** A deterministic mix: visitors with one visit, several visits a day (30-minute gaps), goals, repeated pages. */
export function makeEvents(): Event[] {
  const events: Event[] = [];
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pick = <T>(list: readonly T[]) => list[next(list.length)]!;
  for (const [dayIndex, day] of DAYS.entries()) {
    for (let person = 0; person < 60; person += 1) {
      // Some hashes recur on another day (a hash is a visitor of one day only).
      const visitor = dayIndex === 1 && person < 10 ? person : dayIndex * 1000 + person;
      let time = Date.parse(`${day}T00:00:00Z`) + next(15) * 3600_000 + next(3600) * 1000;
      const visits = 1 + (person % 5 === 0 ? 2 : person % 3 === 0 ? 1 : 0);
      for (let visit = 0; visit < visits; visit += 1) {
        const attributes = {
          source: pick(["Direct", "Google", "newsletter"]),
          referrer: pick(["", "google.com"]),
          utmCampaign: pick(["", "", "spring"]),
          device: pick(["Mobile", "Desktop"]),
          browser: pick(["Chrome", "Safari", "Firefox"]),
          os: pick(["Android", "iOS", "Windows"]),
          language: pick(["en", "ru"]),
          country: pick(["RU", "DE", ""]),
        };
        const pageviews = 1 + next(4);
        for (let view = 0; view < pageviews; view += 1) {
          events.push({
            at: new Date(time),
            visitor,
            name: "pageview",
            path: pick(["/", "/fees", "/faq", "/contact", "/de", "/de/faq"]),
            ...attributes,
          });
          time += (1 + next(600)) * 1000 + next(1000);
        }
        if (next(3) === 0) events.push({ at: new Date(time - 500), visitor, name: pick(["signup", "login"]), path: "/" });
        // The next visit after more than 30 minutes without a pageview; a gap of 29 minutes continues this one.
        time += (31 + next(60)) * 60_000;
        if (next(4) === 0) {
          events.push({ at: new Date(time), visitor, name: "pageview", path: "/faq", ...attributes });
          time += 29 * 60_000;
          events.push({ at: new Date(time), visitor, name: "pageview", path: "/faq", ...attributes });
          time += 31 * 60_000;
        }
      }
    }
  }
  return events.filter((event) => event.at < NOW);
}

export interface Visit {
  day: string;
  visitor: number;
  start: number;
  end: number;
  paths: string[];
  goals: Set<string>;
  first: Event;
}

/** The visits as the roll-up defines them, computed here from the raw events. */
export function visitsOf(events: Event[]): Visit[] {
  const byVisitorDay = new Map<string, Event[]>();
  for (const event of events) {
    const key = `${event.at.toISOString().slice(0, 10)}|${event.visitor}`;
    byVisitorDay.set(key, [...(byVisitorDay.get(key) ?? []), event]);
  }
  const visits: Visit[] = [];
  for (const [key, list] of byVisitorDay) {
    const [day, visitor] = key.split("|") as [string, string];
    let current: Visit | undefined;
    const mine: Visit[] = [];
    for (const event of [...list].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.name === "pageview" ? -1 : 1))) {
      const time = event.at.getTime();
      if (event.name !== "pageview") {
        current?.goals.add(event.name);
        continue;
      }
      if (!current || time - current.end > 30 * 60_000) {
        current = { day, visitor: Number(visitor), start: time, end: time, paths: [], goals: new Set(), first: event };
        mine.push(current);
      }
      current.end = time;
      current.paths.push(event.path);
    }
    visits.push(...mine);
  }
  return visits;
}

const valueOf = (visit: Visit, name: Dimension): string[] => {
  if (name === "page") return [...new Set(visit.paths)];
  if (name === "goal") return [...visit.goals];
  if (name === "entry") return [visit.first.path];
  // The site locale of a visit: its entry page's prefix, the default locale's (English) without one.
  if (name === "locale") return [/^\/(de)(?:\/|$)/.exec(visit.first.path)?.[1] ?? "en"];
  const key = name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()) as keyof Event;
  return [String(visit.first[key] ?? "")];
};

export function expected(visits: Visit[], filters: Partial<Record<Dimension, string>>) {
  const matched = visits.filter((visit) =>
    Object.entries(filters).every(([name, value]) => valueOf(visit, name as Dimension).includes(value)),
  );
  const figures = (group: Visit[], pageviews = (visit: Visit) => visit.paths.length) => ({
    visitors: new Set(group.map((visit) => `${visit.day}|${visit.visitor}`)).size,
    visits: group.length,
    pageviews: group.reduce((sum, visit) => sum + pageviews(visit), 0),
    conversions: group.filter((visit) => visit.goals.size > 0).length,
  });
  const totals: Totals = {
    ...figures(matched),
    bounces: matched.filter((visit) => visit.paths.length === 1).length,
    duration: matched.reduce((sum, visit) => sum + Math.floor((visit.end - visit.start) / 1000), 0),
  };
  const breakdowns = Object.fromEntries(
    dimensions.map((name) => {
      const values = [...new Set(matched.flatMap((visit) => valueOf(visit, name)))].filter((value) => value !== "");
      const rows = values.map((value) => {
        const group = matched.filter((visit) => valueOf(visit, name).includes(value));
        const row = figures(group, name === "page" ? (visit) => visit.paths.filter((path) => path === value).length : undefined);
        return { value, ...row, conversions: name === "goal" ? group.length : row.conversions };
      });
      return [name, rows.sort((a, b) => b.visitors - a.visitors || a.value.localeCompare(b.value))];
    }),
  );
  return { totals, breakdowns };
}

export const filterSets: Partial<Record<Dimension, string>>[] = [
  {},
  { device: "Mobile" },
  { page: "/fees" },
  { locale: "de" },
  { goal: "signup" },
  { utm_campaign: "spring" },
  { device: "Mobile", browser: "Chrome" },
  { source: "Google", page: "/faq" },
  { page: "/contact", goal: "login" },
  { device: "Desktop", country: "RU", language: "en" },
  { entry: "/faq", os: "iOS" },
];

export const periods = [
  { from: DAYS[0]!, to: DAYS[2]! },
  { from: DAYS[0]!, to: DAYS[1]! },
  { from: DAYS[2]!, to: DAYS[2]! },
];

/** Every period × filter set (`sets`, all by default) answered by the dashboard against the count made here; returns how many had visits. */
export async function compareEveryView(db: Database, visits: Visit[], sets = filterSets) {
  let compared = 0;
  let nonEmpty = 0;
  for (const period of periods)
    for (const filters of sets) {
      const label = JSON.stringify({ period, filters });
      const view = await loadStatistics(db, null, statisticsQuerySchema.parse({ range: "custom", ...period, ...filters }), NOW, 1000);
      const inPeriod = visits.filter((visit) => visit.day >= period.from && visit.day <= period.to);
      const want = expected(inPeriod, filters);
      expect(view.totals, label).toEqual(want.totals);
      if (want.totals.visits > 0) nonEmpty += 1;
      for (const name of dimensions) expect(view.breakdowns[name], `${label} ${name}`).toEqual(want.breakdowns[name]);
      const chart = view.series.reduce((sum, point) => sum + point.pageviews, 0);
      expect(chart, label).toBe(want.totals.pageviews);
      compared += 1;
    }
  expect(compared).toBe(periods.length * sets.length);
  return nonEmpty;
}

/** The statements one view sends, as SQL text. */
export async function statementsOf(db: Database, filters: Partial<Record<Dimension, string>>, period: { from: string; to: string }) {
  const sent: string[] = [];
  const execute = db.execute.bind(db);
  const dialect = new PgDialect();
  (db as { execute: unknown }).execute = (statement: SQL) => (sent.push(dialect.sqlToQuery(statement).sql), execute(statement));
  try {
    await loadStatistics(db, null, statisticsQuerySchema.parse({ range: "custom", ...period, ...filters }), NOW, 1000);
  } finally {
    (db as { execute: unknown }).execute = execute;
  }
  return sent;
}

export const count = async (db: Database, query: SQL) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

/** The three days' events written and rolled up as after midnight (the last day still open) on a database with no statistics. */
export async function seeded(db: Database) {
  // Each test starts from no statistics (the file's tests share its database).
  await db.execute(
    sql`truncate statistics_events, statistics_visits, statistics_daily, statistics_daily_by, statistics_rollups, statistics_pairs, statistics_day_columns cascade`,
  );
  await ensurePartition(db, new Date(`${DAYS[0]}T00:00:00Z`));
  const events = makeEvents();
  await db.insert(statisticsEvents).values(events);
  for (const day of DAYS) await rollUpDay(db, day, NOW);
  return { db, events };
}
