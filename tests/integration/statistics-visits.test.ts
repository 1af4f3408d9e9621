import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statisticsEvents } from "~/db/schema";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { dayOf } from "~/features/statistics/salt.server";
import { dimensions, statisticsQuerySchema } from "~/features/statistics/schema";
import { refreshStatistics, startStatistics } from "~/features/statistics/service.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

const DAY = "2026-04-14";
const at = (time: string, day = DAY) => new Date(`${day}T${time}Z`);
const event = (visitor: number, time: string, name: string, path: string, extra: Partial<typeof statisticsEvents.$inferInsert> = {}) => ({
  at: at(time),
  visitor,
  name,
  path,
  source: "Direct",
  device: "Laptop",
  browser: "Chrome",
  os: "Windows",
  language: "en",
  ...extra,
});
const oneDay = (values: Record<string, string> = {}, day = DAY) =>
  statisticsQuerySchema.parse({ range: "custom", from: day, to: day, ...values });
const later = new Date(`2026-04-20T12:00:00Z`);

describe.each(onBothDatabases)("statistics visits on %s", (kind) => {
  const app = useTestApp(kind);

  it("ends a visit after 30 minutes without a pageview; bounces, duration and goals follow the visit", async () => {
    const db = app.handle.db;
    await ensurePartition(db, at("00:00:00"));
    await db.insert(statisticsEvents).values([
      // One visitor, three visits: 09:00–09:10 (two pages), 09:41 (30 min 1 s later: a bounce with
      // a goal 20 minutes on, which does not extend it), 10:30–10:59:59 (a gap of 29:59 is the same visit).
      event(1, "09:00:00", "pageview", "/", { source: "Google", referrer: "google.com" }),
      event(1, "09:10:00", "pageview", "/fees", { source: "Google" }),
      event(1, "09:40:01", "pageview", "/faq", { source: "newsletter", utmCampaign: "spring" }),
      event(1, "10:00:00", "signup", "/faq"),
      event(1, "10:30:00", "pageview", "/contact"),
      event(1, "10:59:59", "pageview", "/contact"),
      // Another visitor: one pageview; a goal before any pageview of the day belongs to no visit.
      event(2, "08:00:00", "login", "/"),
      event(2, "12:00:00", "pageview", "/"),
    ]);
    await rollUpDay(db, DAY, later);
    const visits = (
      (await db.execute(
        sql`select visitor::int as visitor, to_char(started_at at time zone 'UTC', 'HH24:MI:SS') as started, pageviews, paths, goals, entry, source
            from statistics_visits order by visitor, started_at`,
      )) as { rows: unknown[] }
    ).rows;
    expect(visits).toEqual([
      { visitor: 1, started: "09:00:00", pageviews: 2, paths: ["/", "/fees"], goals: [], entry: "/", source: "Google" },
      { visitor: 1, started: "09:40:01", pageviews: 1, paths: ["/faq"], goals: ["signup"], entry: "/faq", source: "newsletter" },
      { visitor: 1, started: "10:30:00", pageviews: 2, paths: ["/contact", "/contact"], goals: [], entry: "/contact", source: "Direct" },
      { visitor: 2, started: "12:00:00", pageviews: 1, paths: ["/"], goals: [], entry: "/", source: "Direct" },
    ]);
    const view = await loadStatistics(db, null, oneDay(), later);
    expect(view.totals).toEqual({ visitors: 2, visits: 4, pageviews: 6, bounces: 2, duration: 600 + 1799, conversions: 1 });
    expect(view.breakdowns.source.map((row) => [row.value, row.visitors, row.visits])).toEqual([
      ["Direct", 2, 2],
      ["Google", 1, 1],
      ["newsletter", 1, 1],
    ]);
    expect(view.breakdowns.goal).toEqual([{ value: "signup", visitors: 1, visits: 1, pageviews: 1, conversions: 1 }]);
  });

  it("answers a view filtered by any one value from the per-filter roll-up exactly as from the visits", async () => {
    const db = app.handle.db;
    const rolled = (await db.execute(sql`select final from statistics_rollups where day = ${DAY}::date`)) as { rows: { final: boolean }[] };
    expect(rolled.rows).toEqual([{ final: true }]);
    const view = await loadStatistics(db, null, oneDay(), later);
    const filters = dimensions.flatMap((name) => view.breakdowns[name].map((row) => ({ [name]: row.value })));
    expect(filters.length).toBeGreaterThan(15);
    const fromRollUp = await Promise.all(filters.map((filter) => loadStatistics(db, null, oneDay(filter), later)));
    // The same day read from the visits, as today's figures are.
    await db.execute(sql`update statistics_rollups set final = false where day = ${DAY}::date`);
    const fromVisits = await Promise.all(filters.map((filter) => loadStatistics(db, null, oneDay(filter), later)));
    await db.execute(sql`update statistics_rollups set final = true where day = ${DAY}::date`);
    for (const [index, filter] of filters.entries()) {
      expect(fromRollUp[index], JSON.stringify(filter)).toEqual(fromVisits[index]);
      expect(fromRollUp[index]!.totals.visits, JSON.stringify(filter)).toBeGreaterThan(0);
    }
  });

  it("shows an event written after a roll-up began, whatever its time, at the next dashboard load", async () => {
    const db = app.handle.db;
    const now = new Date();
    const today = dayOf(now);
    await ensurePartition(db, now);
    const stop = startStatistics({ db: () => db, ratePerMinute: 100, rawDays: 30, keepMonths: 25 });
    try {
      const earlier = new Date(now.getTime() - 60_000);
      await db.insert(statisticsEvents).values({ ...event(50, "00:00:00", "pageview", "/"), at: earlier });
      await refreshStatistics();
      expect((await loadStatistics(db, null, oneDay({}, today), now)).totals.pageviews).toBe(1);
      // A batch queued a minute ago and written only now (by this instance or another), after the
      // roll-up above: its events are older than the roll-up, and must not wait five minutes.
      await db.insert(statisticsEvents).values({ ...event(51, "00:00:00", "pageview", "/fees"), at: earlier });
      await refreshStatistics();
      expect((await loadStatistics(db, null, oneDay({}, today), now)).totals.pageviews).toBe(2);
      expect((await loadStatistics(db, null, oneDay({ page: "/fees" }, today), now)).totals.visits).toBe(1);
    } finally {
      await stop();
    }
  });

  it("rolls a pair of filter values up in the background after its first view, and waits for that work when it stops", async () => {
    const db = app.handle.db;
    const day = "2026-04-16";
    await ensurePartition(db, at("00:00:00", day));
    await db.insert(statisticsEvents).values([
      { ...event(70, "09:00:00", "pageview", "/fees", { device: "Mobile" }), at: at("09:00:00", day) },
      { ...event(71, "10:00:00", "pageview", "/faq", { device: "Mobile", browser: "Safari" }), at: at("10:00:00", day) },
    ]);
    await rollUpDay(db, day, later);
    const stop = startStatistics({ db: () => db, ratePerMinute: 100, rawDays: 30, keepMonths: 25 });
    try {
      const query = oneDay({ device: "Mobile", browser: "Chrome" }, day);
      const first = await loadStatistics(db, null, query, later);
      expect(first.totals.visits).toBe(1);
      const ready = sql`select count(*)::int as n from statistics_pairs where ready and value_a = 'Mobile' and value_b = 'Chrome'`;
      await expect
        .poll(async () => ((await db.execute(ready)) as unknown as { rows: { n: number }[] }).rows[0]!.n, { timeout: 10_000 })
        .toBe(1);
      expect(await loadStatistics(db, null, query, later)).toEqual(first);
    } finally {
      await stop();
    }
    // Stopped: a new pair is noted, and nothing starts rolling it up.
    await loadStatistics(db, null, oneDay({ device: "Mobile", browser: "Safari" }, day), later);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = sql`select count(*)::int as n from statistics_pairs where not ready and value_b = 'Safari'`;
    expect(((await db.execute(waiting)) as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("draws a long period by week or by month, and reads it a month at a time", async () => {
    const db = app.handle.db;
    const now = new Date("2026-11-28T12:00:00Z");
    await db.execute(sql`
      insert into statistics_daily (day, dimension, value, visitors, visits, pageviews, bounces, duration, conversions)
      select d::date, 'total', '', 2, 3, 5, 1, 60, 0 from generate_series('2024-10-28'::date, '2026-11-28'::date, '1 day') d
      on conflict do nothing`);
    const year = await loadStatistics(
      db,
      null,
      statisticsQuerySchema.parse({ range: "custom", from: "2025-11-29", to: "2026-11-28" }),
      now,
    );
    expect(year.unit).toBe("week");
    expect(year.series.length).toBeLessThanOrEqual(54);
    expect(year.series[1]!.bucket).toBe("2025-12-01"); // a Monday
    const all = await loadStatistics(db, null, statisticsQuerySchema.parse({ range: "custom", from: "2024-10-28", to: "2026-11-28" }), now);
    expect(all.unit).toBe("month");
    expect(all.series.map((point) => point.bucket).slice(0, 3)).toEqual(["2024-10-28", "2024-11-01", "2024-12-01"]);
    expect(all.series).toHaveLength(26);
    expect(all.series[1]).toEqual({ bucket: "2024-11-01", visitors: 60, pageviews: 150 });
    // Read in slices of a month, added up: every day once.
    const sum = (await db.execute(
      sql`select sum(pageviews)::int as pageviews from statistics_daily where dimension = 'total' and day between '2024-10-28' and '2026-11-28'`,
    )) as { rows: { pageviews: number }[] };
    expect(all.totals.pageviews).toBe(sum.rows[0]!.pageviews);
    expect(all.series.reduce((total, point) => total + point.pageviews, 0)).toBe(sum.rows[0]!.pageviews);
  });
});
