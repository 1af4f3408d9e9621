// A visitor's p99 on `/` of the production build on PGlite while an administrator renders the
// largest statistics views the dashboard allows (25 months, unfiltered, by one value, by two),
// against idle and against the usual 30-day view. BENCH_VISITOR_PAGEVIEWS (1,000,000) pageviews
// seeded into the data directory before the server starts; the roll-ups of the older 24 months
// are the last month's, copied back month by month. Writes bench/statistics-visitors.md.
// The server is pinned to core 0; the visitors (one thread, BENCH_VISITORS keep-alive connections)
// and the administrator share this process. BENCH_PORT (5420).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { keptDays } from "~/features/statistics/query";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { dayOf } from "~/features/statistics/salt.server";
import { openDatabase } from "~/platform/db.server";
import { startProductionServer } from "../../scripts/support/production-server.js";
import { seed, seedGoals } from "./seed";

const PAGEVIEWS = Number(process.env.BENCH_VISITOR_PAGEVIEWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 5420);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 5000);
const BASE = `http://127.0.0.1:${PORT}`;

/** Visitors: VISITORS connections each requesting `/` one after another, timing every answer. */
const visitorScript = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.visitors });
let running = true;
const samples = [];
let open = workerData.visitors;
parentPort.on("message", () => { running = false; });
function next() {
  if (!running) { if (--open === 0) parentPort.postMessage(samples); return; }
  const started = performance.now();
  http.get({ host: "127.0.0.1", port: workerData.port, path: "/", agent, headers: { "accept-encoding": "br" } }, (response) => {
    response.resume();
    response.on("end", () => { samples.push(performance.now() - started); next(); });
  }).on("error", () => { samples.push(60_000); next(); });
}
for (let index = 0; index < workerData.visitors; index++) next();`;

const percentile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.floor(q * samples.length)] ?? NaN;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function visitorsWhile(work: (() => Promise<number>) | undefined) {
  const visitor = new Worker(visitorScript, { eval: true, workerData: { port: PORT, visitors: VISITORS } });
  const samples = new Promise<number[]>((resolve) => visitor.once("message", resolve));
  const end = Date.now() + ROUND_MS;
  const views: number[] = [];
  while (Date.now() < end) {
    if (work) views.push(await work());
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  visitor.postMessage("stop");
  const result = await samples;
  await visitor.terminate();
  return { p50: percentile(result, 0.5), p99: percentile(result, 0.99), requests: result.length, views };
}

/** The data directory: the seeded pageviews rolled up as the server does, and 24 older months of roll-ups. */
async function seedDirectory(dataDir: string, now: Date) {
  const handle = await openDatabase({ dataDir });
  const db = handle.db;
  try {
    for (let back = 0; back <= 31; back += 1) await ensurePartition(db, new Date(now.getTime() - back * 86_400_000));
    await db.execute(seed(PAGEVIEWS));
    await db.execute(seedGoals(PAGEVIEWS));
    for (let back = 30; back >= 0; back -= 1) await rollUpDay(db, dayOf(new Date(now.getTime() - back * 86_400_000)), now);
    const { first } = keptDays(now, 25);
    for (let month = 1; month <= 25; month += 1) {
      const shift = sql`${month * 30} * interval '1 day'`;
      const from = sql`(now() - interval '30 days')::date`;
      await db.execute(sql`insert into statistics_daily select (day - ${shift})::date, dimension, value, visitors, pageviews, bounces, duration, conversions, visits
        from statistics_daily where day >= ${from} and day < current_date and (day - ${shift})::date >= ${first}::date on conflict do nothing`);
      await db.execute(sql`insert into statistics_daily_by select filter, filter_value, (day - ${shift})::date, dimension, value, visitors, visits, pageviews, bounces, duration, conversions
        from statistics_daily_by where day >= ${from} and day < current_date and (day - ${shift})::date >= ${first}::date on conflict do nothing`);
      await db.execute(sql`insert into statistics_rollups (day, events, final) select (day - ${shift})::date, 0, true
        from statistics_rollups where final and day >= ${from} and (day - ${shift})::date >= ${first}::date on conflict do nothing`);
    }
    await db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

it(`a visitor's p99 on / while the largest statistics views render, over ${PAGEVIEWS.toLocaleString("en")} pageviews on PGlite`, async () => {
  const now = new Date();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "statistics-visitors-"));
  let started = performance.now();
  await seedDirectory(dataDir, now);
  const seeding = performance.now() - started;
  const server = await startProductionServer({ port: PORT, core: 0, env: { DATA_DIR: dataDir, ANALYTICS_KEEP_MONTHS: "25" } });
  try {
    const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-password-1", name: "admin" }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const { first, last } = keptDays(now, 25);
    const whole = `range=custom&from=${first}&to=${last}`;
    const largest = [whole, `${whole}&device=Mobile`, `${whole}&device=Mobile&browser=Chrome`, `${whole}&utm_campaign=campaign-5`];
    let turn = 0;
    const view = (search: string) => async () => {
      const begin = performance.now();
      const response = await fetch(`${BASE}/admin/other/statistics.data?${search}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return performance.now() - begin;
    };
    for (let warm = 0; warm < 3; warm += 1) {
      await view("range=30d")();
      for (const search of largest) await view(search)();
      await fetch(`${BASE}/`);
    }
    const rounds: Record<"idle" | "usual" | "largest", Awaited<ReturnType<typeof visitorsWhile>>[]> = { idle: [], usual: [], largest: [] };
    started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.idle.push(await visitorsWhile(undefined));
      rounds.usual.push(await visitorsWhile(view("range=30d")));
      rounds.largest.push(await visitorsWhile(() => view(largest[turn++ % largest.length]!)()));
    }
    const figure = (name: keyof typeof rounds) => ({
      p50: median(rounds[name].map((round) => round.p50)),
      p99: median(rounds[name].map((round) => round.p99)),
      rounds: rounds[name].map((round) => round.p99.toFixed(1)).join(", "),
      requests: rounds[name].reduce((sum, round) => sum + round.requests, 0),
      view: median(rounds[name].flatMap((round) => round.views)),
      views: rounds[name].reduce((sum, round) => sum + round.views.length, 0),
    });
    const idle = figure("idle");
    const usual = figure("usual");
    const big = figure("largest");
    const row = (name: string, values: ReturnType<typeof figure>) =>
      `| ${name} | ${values.p50.toFixed(1)} | **${values.p99.toFixed(1)}** (${values.rounds}) | ${values.requests} | ${values.views ? `${values.view.toFixed(0)} ms × ${values.views}` : "—"} |`;
    const text = `# A visitor's p99 while the largest statistics views render

Measured ${now.toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus()[0]?.model ?? "unknown CPU"} (${os.cpus().length} cores, shared with other work; load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(
        ", ",
      )}), Node ${process.version}: the production build on PGlite (pinned to core 0), ${PAGEVIEWS.toLocaleString("en")} pageviews over the last 30 days seeded and rolled up as the server does (${(seeding / 1000).toFixed(0)} s), the daily and per-filter roll-ups of the 24 months before copied from them. \`npm run bench:statistics\` (\`bench/statistics/visitors.bench-run.ts\`).

${VISITORS} visitors request \`/\` (the page cache's answer) back to back for ${ROUND_MS / 1000} s while an administrator requests nothing (idle), the usual 30-day view over and over, or the largest views the dashboard allows over and over in turn (${first}..${last}: unfiltered, by device, by device and browser, by campaign; their data requests, \`/admin/other/statistics.data\`). ${ROUNDS} rounds in alternation; the median of the rounds' figures.

| administrator | visitor p50 (ms) | visitor p99 (ms) (rounds) | visitor requests | administrator's view, median |
| --- | --- | --- | --- | --- |
${row("idle", idle)}
${row("30-day view", usual)}
${row("largest views", big)}

A visitor's p99 while the largest views render: ${(big.p99 / idle.p99).toFixed(2)}× idle, ${(big.p99 / usual.p99).toFixed(2)}× during the usual view.
`;
    fs.writeFileSync("bench/statistics-visitors.md", text);
    console.info(text);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
