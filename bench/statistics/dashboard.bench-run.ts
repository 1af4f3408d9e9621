// The statistics dashboard's 30-day view over BENCH_PAGEVIEWS (1,000,000) pageviews seeded with
// generate_series (not through the endpoint), its p95 on each database, the roll-up's time and
// the storage a million pageviews take. Writes bench/statistics-dashboard.md.
import fs from "node:fs";
import os from "node:os";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { fillPairs } from "~/features/statistics/pairs.server";
import { packDayColumns } from "~/features/statistics/day-columns.server";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { dayOf } from "~/features/statistics/salt.server";
import { keptDays } from "~/features/statistics/query";
import { statisticsQuerySchema } from "~/features/statistics/schema";
import { createTestDatabase, type TestDatabaseKind } from "../../tests/support/test-database";
import { repackRealistic } from "./realistic-days";
import { seed, seedGoals } from "./seed";

const PAGEVIEWS = Number(process.env.BENCH_PAGEVIEWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const kinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const lines: string[] = [];
const results: { kind: string; name: string; figure: string }[] = [];
const statementCounts: typeof results = [];
const cpuTimes: typeof results = [];
const pairFills: typeof results = [];
const plans: string[] = [];
const realisticBytes: typeof results = [];
const runStarted = new Date();

const realisticViews: [string, Record<string, string>][] = [
  ["30 days, Mobile and Direct: first views, packed days of a realistic spread", { range: "30d", device: "Mobile", source: "Direct" }],
  [
    "30 days, Mobile, Direct and en, packed days of a realistic spread",
    { range: "30d", device: "Mobile", source: "Direct", language: "en" },
  ],
];
const percentile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
const ms = (value: number) => value.toFixed(1);

for (const kind of kinds) {
  it(`the 30-day view over ${PAGEVIEWS.toLocaleString("en")} pageviews on ${kind}`, async () => {
    const handle = await createTestDatabase(kind);
    const db = handle.db;
    try {
      const now = new Date();
      for (let back = 0; back <= 31; back += 1) await ensurePartition(db, new Date(now.getTime() - back * 86_400_000));
      let started = performance.now();
      await db.execute(seed(PAGEVIEWS));
      await db.execute(seedGoals(PAGEVIEWS));
      await db.execute(sql`analyze statistics_events`);
      const seeding = performance.now() - started;
      started = performance.now();
      // Every day rolled up as the server does after midnight (the days that are over get their
      // per-filter figures); today is rolled up again, as the dashboard's refresh does.
      for (let back = 30; back >= 0; back -= 1) await rollUpDay(db, dayOf(new Date(now.getTime() - back * 86_400_000)), now);
      await db.execute(sql`analyze statistics_visits`);
      await db.execute(sql`analyze statistics_daily`);
      await db.execute(sql`analyze statistics_daily_by`);
      const rollUp = performance.now() - started;
      const today = performance.now();
      await rollUpDay(db, dayOf(now), now);
      const rollUpToday = performance.now() - today;
      const yesterdayStarted = performance.now();
      await rollUpDay(db, dayOf(new Date(now.getTime() - 86_400_000)), now);
      const rollUpYesterday = performance.now() - yesterdayStarted;
      // Packing alone (the last step of yesterday's roll-up above), for what it adds.
      const packStarted = performance.now();
      await packDayColumns(db, dayOf(new Date(now.getTime() - 86_400_000)));
      const packYesterday = performance.now() - packStarted;

      const measure = async (name: string, values: Record<string, string>) => {
        const query = statisticsQuerySchema.parse(values);
        const samples: number[] = [];
        const cpu: number[] = [];
        for (let run = 0; run < RUNS + 5; run += 1) {
          const begin = performance.now();
          const cpuBegin = process.cpuUsage();
          const view = await loadStatistics(db, null, query, now);
          if (run >= 5) {
            samples.push(performance.now() - begin);
            const used = process.cpuUsage(cpuBegin);
            cpu.push((used.user + used.system) / 1000);
          }
          // Events reach back 30 days and 22 hours: most fall in the last 30 calendar days.
          if (run === 0 && Object.keys(values).length === 1) expect(view.totals.pageviews).toBeGreaterThan(PAGEVIEWS * 0.9);
          if (run === 0) expect(view.totals.visits).toBeGreaterThan(0);
        }
        // The statements one view sends, and the plan of the slowest (EXPLAIN ANALYZE, on this database).
        const sent: SQL[] = [];
        const execute = db.execute.bind(db);
        (db as { execute: (statement: SQL) => unknown }).execute = (statement: SQL) => (sent.push(statement), execute(statement));
        await loadStatistics(db, null, query, now);
        (db as { execute: unknown }).execute = execute;
        let slowest = { ms: -1, plan: "" };
        for (const statement of sent) {
          const begin = performance.now();
          const explained = (await db.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as {
            rows: Record<string, string>[];
          };
          const took = performance.now() - begin;
          if (took > slowest.ms) slowest = { ms: took, plan: explained.rows.map((row) => Object.values(row)[0]).join("\n") };
        }
        plans.push(`### ${kind}: ${name} (${sent.length} statements; the slowest)\n\n\`\`\`\n${slowest.plan}\n\`\`\`\n`);
        statementCounts.push({ kind, name, figure: String(sent.length) });
        cpuTimes.push({ kind, name, figure: kind === "pglite" ? ms(percentile(cpu, 0.95)) : "" });
        return `${ms(percentile(samples, 0.5))} / **${ms(percentile(samples, 0.95))}**`;
      };
      const kept = keptDays(now, 25);
      const views: [string, Record<string, string>][] = [
        ["30 days", { range: "30d" }],
        ["30 days, one campaign", { range: "30d", utm_campaign: "campaign-5" }],
        ["30 days, Mobile (a quarter)", { range: "30d", device: "Mobile" }],
        ["30 days, page /fees", { range: "30d", page: "/fees" }],
        ["30 days, Mobile and Chrome (a twentieth)", { range: "30d", device: "Mobile", browser: "Chrome" }],
        ["30 days, Mobile and Direct (an eighth)", { range: "30d", device: "Mobile", source: "Direct" }],
        ["30 days, Mobile, Direct and ru (three values)", { range: "30d", device: "Mobile", source: "Direct", language: "ru" }],
        ["today, Mobile", { range: "today", device: "Mobile" }],
        ["25 months (largest)", { range: "custom", from: kept.first, to: kept.last }],
        ["25 months, Mobile", { range: "custom", from: kept.first, to: kept.last, device: "Mobile" }],
        ["25 months, Mobile and Chrome", { range: "custom", from: kept.first, to: kept.last, device: "Mobile", browser: "Chrome" }],
      ];
      for (const [name, values] of views) {
        const filters = Object.keys(values).filter((key) => !["range", "from", "to"].includes(key));
        if (filters.length !== 2) {
          results.push({ kind, name, figure: await measure(name, values) });
          continue;
        }
        // A pair's views before its figures are kept (the visits), its roll-up, then its views after;
        // each pair view starts with no pair kept (the 25-month view asks for a pair a 30-day one kept).
        await db.execute(sql`delete from statistics_pairs`);
        results.push({ kind, name: `${name}: first views`, figure: await measure(`${name}: first views`, values) });
        const began = performance.now();
        const filled = await fillPairs(db);
        const took = performance.now() - began;
        const rows = (await db.execute(sql`select count(*)::int as n from statistics_daily_pair`)) as unknown as { rows: { n: number }[] };
        if (filled > 0) pairFills.push({ kind, name, figure: `${(took / 1000).toFixed(1)} s | ${Number(rows.rows[0]!.n)}` });
        results.push({ kind, name: `${name}: pair kept`, figure: await measure(`${name}: pair kept`, values) });
      }
      const sizes = (await db.execute(sql`
        select coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname like 'statistics\\_events\\_%'), 0)::bigint as raw,
          coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname = 'statistics_visits'), 0)::bigint as visits,
          coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname = 'statistics_daily'), 0)::bigint as daily
        from pg_class c where c.relkind = 'r'`)) as unknown as { rows: { raw: string; visits: string; daily: string }[] };
      const size = sizes.rows[0]!;
      const perMillion = (bytes: string) => `${((Number(bytes) / 1024 / 1024) * (1_000_000 / PAGEVIEWS)).toFixed(1)} MB`;
      const relationBytes = async (name: string) =>
        String(
          (
            (await db.execute(sql`select pg_total_relation_size(${name}::regclass)::bigint as bytes`)) as unknown as {
              rows: { bytes: string }[];
            }
          ).rows[0]!.bytes,
        );
      const filterBytes = await relationBytes("statistics_daily_by");
      const packedBytes = await relationBytes("statistics_day_columns");
      lines.push(
        `| ${kind} | ${(seeding / 1000).toFixed(1)} s | ${(rollUp / 1000).toFixed(1)} s | ${ms(rollUpToday)} ms | ${ms(rollUpYesterday)} ms (packing ${ms(packYesterday)} ms) | ${perMillion(size.raw)} | ${perMillion(size.visits)} | ${perMillion(size.daily)} | ${perMillion(filterBytes)} | ${perMillion(packedBytes)} |`,
      );

      // The packed days again, of visits with a realistic spread of values (realistic-days.ts):
      // the bytes a first view reads on real traffic. Today is still read from the seeded visits.
      const stored = await repackRealistic(db);
      realisticBytes.push({ kind, name: "", figure: `${((stored / 1024 / 1024) * (1_000_000 / PAGEVIEWS)).toFixed(1)} MB` });
      for (const [name, values] of realisticViews) {
        await db.execute(sql`delete from statistics_pairs`);
        results.push({ kind, name, figure: await measure(name, values) });
      }
    } finally {
      await handle.close();
    }
  });
}

afterAll(() => {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const names = [...new Set(results.map((result) => result.name))];
  const figureOf = (list: typeof results, kind: string, name: string) =>
    list.find((result) => result.kind === kind && result.name === name)?.figure ?? "";
  const table = names.map(
    (name) =>
      `| ${name} | ${kinds.map((kind) => figureOf(results, kind, name)).join(" | ")} | ${figureOf(cpuTimes, "pglite", name)} | ${kinds.map((kind) => figureOf(statementCounts, kind, name)).join(" / ")} |`,
  );
  const text = `# Statistics dashboard over ${PAGEVIEWS.toLocaleString("en")} pageviews

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu} (${os.cpus().length} cores, shared with other work; load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")}), Node ${process.version}. \`npm run bench:statistics\` (PostgreSQL too with \`TEST_DATABASE_URL\`).

Seeded with \`generate_series\` (three pageviews a visit over the last 30 days and 22 hours, all in the past, eight sources, twenty campaigns, a goal every 50th visit), each day rolled up as after midnight (the days that are over with their per-filter figures), then \`loadStatistics\` (headline figures and the previous period, the chart's series, every breakdown, the markers, visitors in the last five minutes) timed ${RUNS} times after five warm-up runs. Unfiltered views read the daily roll-up; a view filtered by one value reads the per-filter roll-up for the days that are over and today's visits; a pair of filters, or more, reads the days that are over from their visits packed by column, counted in JavaScript (docs/decisions/0020), and today's visits from their filters' indexes, every dimension in one statement (docs/decisions/0017), until the pair's own roll-up is kept ('first views'); then, like one value, its roll-up for the days that are over and today's visits ('pair kept', docs/decisions/0019). Every period is read in slices (roll-ups a month, packed days 100,000 visits, visits 500 a statement). The seeded data has no visits before the last 30 days, so the period before a view (its totals) costs nothing here; on a site with a year of visits it is read as the view is (its totals only). 'pglite CPU p95' is the process's CPU time per view on PGlite (the database runs in the process), less sensitive to the machine's load than the wall time; 'statements' is what one view sends (pglite / postgres); bench/statistics-dashboard-plans.md has each view's slowest plan. The 25-month views are the largest the dashboard allows (ANALYTICS_KEEP_MONTHS); the seeded data covers their last month.

Median / **p95** in ms:

| view | ${kinds.join(" | ")} | pglite CPU p95 | statements |
| --- | ${kinds.map(() => "---").join(" | ")} | --- | --- |
${table.join("\n")}

Targets: p95 under 200 ms on PGlite and under 100 ms on PostgreSQL for every view.

The seeded visits repeat a short cycle of values, so their packed days deflate to under a byte a visit. The last two views read packed days of the same number of visits drawn with a realistic spread of values instead (bench/statistics/realistic-days.ts: pages, referrers, countries and campaigns with a long tail, random hours and durations, some visitors with several visits; ${realisticBytes.map((entry) => `${entry.figure} of text per 1M pageviews on ${entry.kind}`).join(", ")}): the bytes a first view reads on real traffic.

| database | seeding | roll-up of 31 days | today again | yesterday again (with per-filter figures and packing) | raw events per 1M pageviews | visits per 1M | daily roll-up per 1M | per-filter roll-up per 1M | packed visits per 1M |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${lines.join("\n")}

Today holds the hours of the day so far (the run began at ${runStarted.toISOString().slice(11, 16)} UTC), so the views of today, and what every view reads of today, grow through the day from one run to the next. Raw events are kept ANALYTICS_RAW_DAYS (30) and then dropped with their month's partition; visits and the roll-ups are what ANALYTICS_KEEP_MONTHS (25) keeps.

A pair's roll-up (\`fillPairs\`, in the background after the pair's first view: every day with visits, one day a statement), and the rows it keeps:

| database | pair | roll-up of its days | rows kept |
| --- | --- | --- | --- |
${pairFills.map((fill) => `| ${fill.kind} | ${fill.name} | ${fill.figure} |`).join("\n")}
`;
  fs.writeFileSync("bench/statistics-dashboard.md", text);
  fs.writeFileSync(
    "bench/statistics-dashboard-plans.md",
    `# Statistics dashboard: each view's slowest statement\n\nWritten by \`npm run bench:statistics\` with bench/statistics-dashboard.md: for each view, the statements \`loadStatistics\` sent and the plan of the slowest one (EXPLAIN ANALYZE, times as measured under the run's load).\n\n${plans.join("\n")}`,
  );
});
