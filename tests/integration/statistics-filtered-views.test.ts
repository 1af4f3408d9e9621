// Every way the dashboard answers a view (the daily roll-up, the per-filter roll-up, the visits for
// two filters or more and for a day not yet over, a day whose roll-up mark was pruned) against a
// count made in JavaScript (tests/support/statistics-views.ts) from the raw pageviews: visits cut after 30 minutes without a
// pageview, visitors distinct per day, every figure and every breakdown row.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onBothDatabases, useTestApp } from "../support/test-database";
import { packMissingDays } from "~/features/statistics/day-columns.server";
import { compareEveryView, count, DAYS, filterSets, periods, seeded, statementsOf, visitsOf } from "../support/statistics-views";

describe.each(onBothDatabases)("the dashboard's figures against a count of the raw pageviews on %s", (kind) => {
  const app = useTestApp(kind);

  it("answers every filter combination exactly, from the roll-ups, the visits, today's visits and a pruned roll-up mark", async () => {
    const { db, events } = await seeded(app.handle.db);
    // The first day's mark is gone, as pruning drops it after ANALYTICS_RAW_DAYS: still read from its roll-up.
    await db.execute(sql`delete from statistics_rollups where day = ${DAYS[0]}::date`);
    const visits = visitsOf(events);
    expect(new Set(visits.map((visit) => `${visit.day}|${visit.visitor}`)).size).toBeLessThan(visits.length);
    const nonEmpty = await compareEveryView(db, visits);
    // Most combinations have visits to count (some of the narrowest, on one day, have none).
    expect(nonEmpty).toBeGreaterThan(periods.length * filterSets.length * 0.7);
  });

  it("reads days that are over from their packed visits, and packs in the background the days rolled up before packing existed", async () => {
    const { db, events } = await seeded(app.handle.db);
    const visits = visitsOf(events);
    const pair = { device: "Mobile", browser: "Chrome" };
    const closed = { from: DAYS[0]!, to: DAYS[1]! };
    // The last roll-up of each day that is over packed it; today is not over.
    expect(await count(db, sql`select count(*) as n from statistics_day_columns`)).toBe(2);
    expect((await statementsOf(db, pair, closed)).some((text) => text.includes("statistics_visits"))).toBe(false);

    await db.execute(sql`delete from statistics_day_columns`);
    expect((await statementsOf(db, pair, closed)).some((text) => text.includes("statistics_visits"))).toBe(true);
    await compareEveryView(db, visits);

    expect(await packMissingDays(db, DAYS[2]!)).toBe(2);
    expect(await packMissingDays(db, DAYS[2]!)).toBe(0);
    expect((await statementsOf(db, pair, closed)).some((text) => text.includes("statistics_visits"))).toBe(false);
    await compareEveryView(db, visits);

    // A packed day whose bytes cannot be read is answered from its visits, still exactly.
    await db.execute(sql`update statistics_day_columns set data = 'bm90IGRlZmxhdGVk' where day = ${DAYS[0]}::date`);
    expect((await statementsOf(db, pair, closed)).some((text) => text.includes("statistics_visits"))).toBe(true);
    await compareEveryView(db, visits);
  });
});
