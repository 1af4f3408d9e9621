// Statistics per site locale (issue 43): the visit beacon of a page under a served locale's
// prefix is taken and kept with its prefix; the dashboard breaks visits down by the locale they
// were in (their entry page's) and filters by it, from the roll-ups as from the visits; the
// query string takes an allowed code only.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statisticsEvents } from "~/db/schema";
import { createCollector } from "~/features/statistics/collector.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { parseStatisticsQuery } from "~/features/statistics/query";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { statisticsQuerySchema } from "~/features/statistics/schema";
import { onBothDatabases, useTestApp } from "../support/test-database";
import { setSiteLocales, type SiteLocaleRow } from "../support/site-locales";

const PERSON = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DAY = "2026-04-14";
const later = new Date("2026-04-20T12:00:00Z");
const oneDay = (values: Record<string, string> = {}) => statisticsQuerySchema.parse({ range: "custom", from: DAY, to: DAY, ...values });

describe.each(onBothDatabases)("statistics per locale on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;

  const setLocales = (list: SiteLocaleRow[]) => setSiteLocales(db(), list);

  it("takes the beacon of a page under a served locale's prefix, with the prefix; refuses the others", async () => {
    const collector = createCollector({ db, ratePerMinute: 1000 });
    const host = "site.example";
    const beacon = (path: string, address: string) =>
      collector.collect({
        body: JSON.stringify({ n: "pageview", u: `http://${host}${path}` }),
        address,
        userAgent: PERSON,
        gpc: false,
        host,
      });
    // English alone: a prefix is no page of the site.
    expect((await beacon("/de/fees", "198.51.100.1")).status).toBe(400);
    await setLocales([
      { code: "de", state: "public" },
      { code: "fr", state: "draft" },
    ]);
    expect((await beacon("/de/fees", "198.51.100.2")).status).toBe(202);
    expect((await beacon("/de", "198.51.100.3")).status).toBe(202);
    expect((await beacon("/fees", "198.51.100.4")).status).toBe(202);
    // A drafted locale (seen only in a preview, which sends no beacon), the default's own code, an unknown page.
    for (const path of ["/fr/fees", "/en/fees", "/de/nothing-here", "/xx/fees"])
      expect((await beacon(path, "198.51.100.5")).status, path).toBe(400);
    await collector.flush();
    const paths = ((await db().execute(sql`select path from statistics_events order by path`)) as { rows: { path: string }[] }).rows;
    expect(paths.map((row) => row.path)).toEqual(["/de", "/de/fees", "/fees"]);
  });

  it("breaks the visits down by locale and filters by it, from the roll-up as from the visits", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    await db().execute(sql`delete from statistics_events`);
    await ensurePartition(db(), new Date(`${DAY}T00:00:00Z`));
    const event = (visitor: number, time: string, path: string) => ({
      at: new Date(`${DAY}T${time}Z`),
      visitor,
      name: "pageview",
      path,
      source: "Direct",
      device: "Laptop",
      browser: "Chrome",
      os: "Windows",
      language: "de",
    });
    await db()
      .insert(statisticsEvents)
      .values([
        event(1, "09:00:00", "/de"),
        event(1, "09:01:00", "/de/fees"),
        event(2, "10:00:00", "/de/faq"),
        event(3, "11:00:00", "/"),
        event(3, "11:02:00", "/fees"),
      ]);
    // Today's figures are read from the visits; a day that is over from its roll-ups.
    await rollUpDay(db(), DAY, later);
    const view = await loadStatistics(db(), null, oneDay(), later);
    expect(view.breakdowns.locale.map((row) => [row.value, row.visitors, row.visits, row.pageviews])).toEqual([
      ["de", 2, 2, 3],
      ["en", 1, 1, 2],
    ]);
    const german = await loadStatistics(db(), null, oneDay({ locale: "de" }), later);
    expect(german.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 3 });
    expect(german.breakdowns.page.map((row) => row.value).sort()).toEqual(["/de", "/de/faq", "/de/fees"]);
    const english = await loadStatistics(db(), null, oneDay({ locale: "en" }), later);
    expect(english.totals).toMatchObject({ visitors: 1, pageviews: 2 });
    // With a second filter the view is computed from the visits: the same figures.
    const both = await loadStatistics(db(), null, oneDay({ locale: "de", source: "Direct" }), later);
    expect(both.totals).toEqual(german.totals);
  });

  it("takes an allowed locale code in the query string, and names anything else", () => {
    const limits = { now: later, keepMonths: 24 };
    const parse = (search: string) => parseStatisticsQuery(new URL(`http://site.example/admin/other/statistics${search}`), limits);
    expect(parse("?locale=de").query.locale).toBe("de");
    for (const bad of ["xx", "de'--", "d".repeat(400), "DE"]) {
      const parsed = parse(`?locale=${encodeURIComponent(bad)}`);
      expect(parsed.query.locale, bad).toBeUndefined();
      expect(parsed.problems.join(" "), bad).toContain("locale");
    }
  });
});
