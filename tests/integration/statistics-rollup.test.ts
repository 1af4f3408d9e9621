import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, statisticsEvents } from "~/db/schema";
import { messagesOf } from "~/features/admin-i18n/messages";
import { createCollector } from "~/features/statistics/collector.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { statisticsCsv } from "~/features/statistics/statistics-csv";
import { ensurePartition, listPartitions } from "~/features/statistics/partitions.server";
import { pruneStatistics, rollUpDay } from "~/features/statistics/rollup.server";
import { saltFor } from "~/features/statistics/salt.server";
import { statisticsQuerySchema } from "~/features/statistics/schema";
import { onBothDatabases, useTestApp } from "../support/test-database";

const DAY = "2026-03-10";
const at = (time: string) => new Date(`${DAY}T${time}Z`);
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
const query = (values: Record<string, string>) => statisticsQuerySchema.parse({ range: "custom", from: DAY, to: DAY, ...values });
const count = async (db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }, table: string) =>
  ((await db.execute(sql.raw(`select count(*)::int as count from ${table}`))) as { rows: { count: number }[] }).rows[0]!.count;

describe.each(onBothDatabases)("statistics roll-ups and retention on %s", (kind) => {
  const app = useTestApp(kind);

  it("rolls a day up into visits and per-dimension figures the dashboard reads, filtered or not", async () => {
    const db = app.handle.db;
    await ensurePartition(db, at("00:00:00"));
    const campaign = { source: "newsletter", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring", referrer: "mail.example" };
    await db.insert(statisticsEvents).values([
      event(1, "09:00:00", "pageview", "/", campaign),
      event(1, "09:02:00", "pageview", "/contact", campaign),
      event(1, "09:05:00", "contact", "/contact"),
      event(2, "13:00:00", "pageview", "/fees", { device: "Mobile", os: "iOS", browser: "Safari" }),
      event(2, "13:00:10", "signup", "/fees"),
      event(3, "13:30:00", "pageview", "/fees"),
      // A goal without a pageview the same day is no visit.
      event(4, "14:00:00", "login", "/"),
    ]);
    await db
      .insert(activityEvents)
      .values({ kind: "content.update", area: "content", target: "home/hero_title", createdAt: at("12:00:00") });
    await rollUpDay(db, DAY);
    await rollUpDay(db, DAY); // again: replaced, not added
    expect(await count(db, "statistics_visits")).toBe(3);

    const view = await loadStatistics(db, null, query({}), new Date(`${DAY}T23:00:00Z`));
    expect(view.totals).toEqual({ visitors: 3, visits: 3, pageviews: 4, bounces: 2, duration: 120, conversions: 2 });
    expect(view.unit).toBe("hour");
    expect(view.series.find((point) => point.bucket === `${DAY}T13`)).toEqual({ bucket: `${DAY}T13`, visitors: 2, pageviews: 2 });
    expect(view.breakdowns.utm_campaign).toEqual([{ value: "spring", visitors: 1, visits: 1, pageviews: 2, conversions: 1 }]);
    expect(view.breakdowns.page.map((row) => [row.value, row.visitors])).toEqual([
      ["/fees", 2],
      ["/", 1],
      ["/contact", 1],
    ]);
    expect(view.breakdowns.entry.map((row) => row.value)).toEqual(["/fees", "/"]);
    expect(view.breakdowns.goal.map((row) => [row.value, row.visitors])).toEqual([
      ["contact", 1],
      ["signup", 1],
    ]);
    expect(view.breakdowns.device.map((row) => row.value)).toEqual(["Laptop", "Mobile"]);
    expect(view.markers).toEqual([{ at: `${DAY}T12:00:00.000Z`, label: "content.update: home/hero_title" }]);
    expect(statisticsCsv(view, messagesOf("en").statistics.dimensions)).toContain("UTM campaign,spring,1,1,2,1");

    const filtered = await loadStatistics(db, null, query({ utm_campaign: "spring" }), new Date(`${DAY}T23:00:00Z`));
    expect(filtered.totals).toMatchObject({ visitors: 1, pageviews: 2, conversions: 1 });
    expect(filtered.breakdowns.goal).toEqual([{ value: "contact", visitors: 1, visits: 1, pageviews: 2, conversions: 1 }]);
    const byPage = await loadStatistics(db, null, query({ page: "/fees", device: "Mobile" }), new Date(`${DAY}T23:00:00Z`));
    expect(byPage.totals.visitors).toBe(1);
    expect(byPage.breakdowns.os.map((row) => row.value)).toEqual(["iOS"]);
  });

  it("counts a server-side goal only for a visitor who has a pageview", async () => {
    const db = app.handle.db;
    const now = new Date();
    await saltFor(db, now.toISOString().slice(0, 10));
    const collector = createCollector({ db: () => db, ratePerMinute: 100 });
    const person = {
      address: "203.0.113.9",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
      gpc: false,
      host: "site.example",
    };
    await collector.collect({ ...person, body: JSON.stringify({ n: "pageview", u: "http://site.example/contact?utm_campaign=autumn" }) });
    await collector.countGoal("contact", person, "/contact");
    // Declined statistics: no pageview was sent, so the message counts for nothing.
    await collector.countGoal("contact", { ...person, address: "203.0.113.10" }, "/contact");
    await collector.flush();
    const goals = (
      (await db.execute(sql`select name, visitor from statistics_events where name = 'contact' and at > now() - interval '1 hour'`)) as {
        rows: unknown[];
      }
    ).rows;
    expect(goals).toHaveLength(1);
  });

  it("prunes raw events past ANALYTICS_RAW_DAYS (dropping whole months), roll-ups past ANALYTICS_KEEP_MONTHS and old salts", async () => {
    const db = app.handle.db;
    const now = new Date("2026-05-20T10:00:00Z");
    await ensurePartition(db, new Date("2026-04-15T00:00:00Z"));
    await ensurePartition(db, now);
    await db
      .insert(statisticsEvents)
      .values([
        event(7, "10:00:00", "pageview", "/"),
        { ...event(8, "10:00:00", "pageview", "/"), at: new Date("2026-04-15T10:00:00Z") },
        { ...event(9, "10:00:00", "pageview", "/"), at: new Date("2026-04-25T10:00:00Z") },
        { ...event(9, "10:00:00", "pageview", "/"), at: new Date("2026-05-19T10:00:00Z") },
      ]);
    await db.execute(
      sql`insert into statistics_daily values ('2024-01-01', 'total', '', 1, 1, 1, 0, 0), ('2024-08-01', 'total', '', 1, 1, 1, 0, 0)`,
    );
    await saltFor(db, "2026-05-17");

    const result = await pruneStatistics(db, { rawDays: 30, keepMonths: 22 }, now);
    expect(result.droppedPartitions).toEqual(["statistics_events_2026_03"]);
    expect(result.salts).toBeGreaterThanOrEqual(1);
    const partitions = (await listPartitions(db)).map((partition) => partition.name);
    expect(partitions).toContain("statistics_events_2026_04");
    const left = (
      (await db.execute(sql`select to_char(at, 'YYYY-MM-DD') as day from statistics_events order by at`)) as { rows: { day: string }[] }
    ).rows;
    expect(left.map((row) => row.day).filter((day) => day < "2026-05-20")).toEqual(["2026-04-25", "2026-05-19"]);
    const days = (
      (await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from statistics_daily where dimension = 'total' order by day`)) as {
        rows: { day: string }[];
      }
    ).rows;
    expect(days[0]?.day).toBe("2024-08-01");
  });
});
