// Views filtered by two values from the pairs' roll-up (docs/decisions/0019): noted at their first
// view, rolled up, answered exactly (against the count of tests/support/statistics-views.ts), kept
// current when a day is rolled up again, dropped when unused or beyond the hundredth.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statisticsEvents } from "~/db/schema";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { fillPairs, MAX_PAIRS, prunePairs, whenPairAsked } from "~/features/statistics/pairs.server";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { statisticsQuerySchema } from "~/features/statistics/schema";
import { onBothDatabases, useTestApp } from "../support/test-database";
import { compareEveryView, count, DAYS, filterSets, NOW, seeded, statementsOf, visitsOf } from "../support/statistics-views";

/** The filter sets of two values: the pairs (the other views' paths are statistics-filtered-views.test.ts'). */
const pairSets = filterSets.filter((filters) => Object.keys(filters).length === 2);

describe.each(onBothDatabases)("kept pairs of filter values on %s", (kind) => {
  const app = useTestApp(kind);

  it("keeps the figures of each pair of values a view asked for, answers from them exactly, and keeps them current", async () => {
    const { db, events } = await seeded(app.handle.db);
    let asked = 0;
    const stopAsking = whenPairAsked(() => (asked += 1));
    try {
      // The first views of each pair read the visits, and note the pair (once, whatever the order of its filters).
      await compareEveryView(db, visitsOf(events), pairSets);
      await loadStatistics(db, null, statisticsQuerySchema.parse({ range: "30d", browser: "Chrome", device: "Mobile" }), NOW);
    } finally {
      stopAsking();
    }
    const pairs = pairSets.length;
    expect(asked).toBe(pairs);
    expect(await count(db, sql`select count(*) as n from statistics_pairs where not ready`)).toBe(pairs);
    expect(await count(db, sql`select count(*) as n from statistics_daily_pair`)).toBe(0);
    // Before the pair is kept, its days that are over are read from their packed visits (day-columns.ts).
    const closed = { from: DAYS[0]!, to: DAYS[1]! };
    const first = await statementsOf(db, { device: "Mobile", browser: "Chrome" }, closed);
    expect(first.some((text) => text.includes("statistics_day_columns c on"))).toBe(true);
    expect(first.some((text) => text.includes("from statistics_day_columns"))).toBe(true);
    expect(first.some((text) => text.includes("statistics_visits"))).toBe(false);

    expect(await fillPairs(db)).toBe(pairs);
    expect(await count(db, sql`select count(*) as n from statistics_pairs where ready`)).toBe(pairs);
    expect(await count(db, sql`select count(*) as n from statistics_daily_pair`)).toBeGreaterThan(0);
    // Days that are over come from the pair's figures, not from the visits; today still from the visits.
    const fromKept = await statementsOf(db, { device: "Mobile", browser: "Chrome" }, closed);
    expect(fromKept.some((text) => text.includes("statistics_daily_pair"))).toBe(true);
    expect(fromKept.some((text) => text.includes("statistics_visits"))).toBe(false);
    const withToday = await statementsOf(db, { device: "Mobile", browser: "Chrome" }, { from: DAYS[0]!, to: DAYS[2]! });
    expect(withToday.some((text) => text.includes("statistics_visits"))).toBe(true);
    await compareEveryView(db, visitsOf(events), pairSets);

    // A late pageview of a day that is over: its roll-up writes the kept pairs' figures of the day again.
    const late: (typeof events)[number] = {
      at: new Date(`${DAYS[1]}T23:10:00Z`),
      visitor: 999_999,
      name: "pageview",
      path: "/fees",
      source: "Google",
      referrer: "",
      utmCampaign: "",
      device: "Mobile",
      browser: "Chrome",
      os: "iOS",
      language: "en",
      country: "DE",
    };
    await db.insert(statisticsEvents).values(late);
    await rollUpDay(db, DAYS[1]!, NOW);
    await compareEveryView(db, visitsOf([...events, late]), pairSets);
  });

  it("drops a pair no view asked for in 90 days, and the one viewed longest ago beyond the hundredth", async () => {
    const { db } = await seeded(app.handle.db);
    const ask = (filters: Record<string, string>, at: Date) =>
      loadStatistics(db, null, statisticsQuerySchema.parse({ range: "today", ...filters }), at);
    await ask({ device: "Mobile", browser: "Chrome" }, NOW);
    await ask({ source: "Google", page: "/faq" }, NOW);
    await fillPairs(db);
    expect(await count(db, sql`select count(*) as n from statistics_daily_pair`)).toBeGreaterThan(0);
    const later = new Date(NOW.getTime() + 60 * 86_400_000);
    await ask({ source: "Google", page: "/faq" }, later);
    await prunePairs(db, DAYS[0]!, new Date(NOW.getTime() + 91 * 86_400_000));
    const kept = (await db.execute(sql`select value_a, value_b from statistics_pairs`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([{ value_a: "/faq", value_b: "Google" }]);
    const orphans = sql`select count(*) as n from statistics_daily_pair where pair_id not in (select id from statistics_pairs)`;
    expect(await count(db, orphans)).toBe(0);
    expect(await count(db, sql`select count(*) as n from statistics_daily_pair`)).toBeGreaterThan(0);

    for (let campaign = 0; campaign < MAX_PAIRS; campaign += 1)
      await ask({ device: "Mobile", utm_campaign: `c${campaign}` }, new Date(later.getTime() + (campaign + 1) * 1000));
    expect(await count(db, sql`select count(*) as n from statistics_pairs`)).toBe(MAX_PAIRS);
    // The pair of /faq and Google was viewed longest ago: dropped with its figures.
    expect(await count(db, sql`select count(*) as n from statistics_pairs where value_b = 'Google'`)).toBe(0);
    expect(await count(db, sql`select count(*) as n from statistics_daily_pair`)).toBe(0);
  });
});
