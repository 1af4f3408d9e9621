// Every way the dashboard answers a view (the daily roll-up, the per-filter roll-up, the visits for
// two filters or more and for a day not yet over, a day whose roll-up mark was pruned) against a
// count made in JavaScript (tests/support/statistics-views.ts) from the raw pageviews: visits cut after 30 minutes without a
// pageview, visitors distinct per day, every figure and every breakdown row.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onBothDatabases, useTestApp } from "../support/test-database";
import { compareEveryView, DAYS, filterSets, periods, seeded, visitsOf } from "../support/statistics-views";

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
});
