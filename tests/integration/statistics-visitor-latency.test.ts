import http from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { ensurePartition } from "~/features/statistics/partitions.server";
import { keptDays, parseStatisticsQuery } from "~/features/statistics/query";
import { rollUpDay } from "~/features/statistics/rollup.server";
import { dayOf } from "~/features/statistics/salt.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";

/**
 * No statistics view an administrator may ask for makes visitors wait: on the embedded database
 * (PGlite runs in this process, each statement a stretch of the event loop), a visitor's page is
 * answered as fast while the largest views the dashboard allows render (a whole retention's
 * period, filtered or not; the URL that once asked for 1.8 million days) as while the usual
 * 30-day view does. Relative figures, alternated in rounds, so a busy machine moves both alike.
 */

const KEEP_MONTHS = 25;
const ROUNDS = 3;
const ROUND_MS = 1500;
const now = new Date();
let handle: DatabaseHandle;
let server: http.Server;
let port: number;

/** A visitor: requests `/` one after another from a thread of its own, timing each answer. */
const visitorScript = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let running = true;
const samples = [];
parentPort.on("message", () => { running = false; });
function next() {
  if (!running) return parentPort.postMessage(samples);
  const started = performance.now();
  http.get({ host: "127.0.0.1", port: workerData.port, path: "/", agent }, (response) => {
    response.resume();
    response.on("end", () => { samples.push(performance.now() - started); setTimeout(next, 1); });
  }).on("error", () => { samples.push(10_000); setTimeout(next, 1); });
}
next();`;

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? Infinity;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The visitors' p99 while `work` runs over and over for ROUND_MS; and how many times it ran. */
async function visitorsWhile(work: () => Promise<unknown>) {
  const visitor = new Worker(visitorScript, { eval: true, workerData: { port } });
  const samples = new Promise<number[]>((resolve) => visitor.once("message", resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const end = Date.now() + ROUND_MS;
  let runs = 0;
  while (Date.now() < end) {
    await work();
    runs += 1;
  }
  visitor.postMessage("stop");
  const result = await samples;
  await visitor.terminate();
  return { p99: p99(result), requests: result.length, runs };
}

const view = (search: string) => {
  const { query } = parseStatisticsQuery(new URL(`http://site.example/admin/other/statistics?${search}`), { now, keepMonths: KEEP_MONTHS });
  return () => loadStatistics(handle.db, null, query, now);
};

beforeAll(async () => {
  // The production database: in-memory PGlite taking turns with the event loop (db.server.ts).
  handle = await openDatabase();
  const db = handle.db;
  for (let back = 0; back <= 31; back += 7) await ensurePartition(db, new Date(now.getTime() - back * 86_400_000));
  await ensurePartition(db, new Date(now.getTime() - 31 * 86_400_000));
  // 30 days of raw events, rolled up as the server does (the days that are over with their per-filter figures).
  await db.execute(sql`
    insert into statistics_events (at, visitor, name, path, source, utm_campaign, device, browser, os, language, country)
    select now() - ((i / 3) % 30) * interval '1 day' - ((i * 7919) % 80000) * interval '1 second' + (i % 3) * interval '40 seconds' - interval '3 minutes',
      i / 3, 'pageview', (array['/', '/fees', '/faq', '/contact'])[1 + i % 4], (array['Direct', 'Google', 'newsletter'])[1 + (i / 3) % 3],
      case when (i / 3) % 3 = 2 then 'campaign-' || ((i / 3) % 7) else '' end, (array['Mobile', 'Laptop', 'Desktop'])[1 + (i / 3) % 3],
      (array['Chrome', 'Safari', 'Firefox'])[1 + (i / 3) % 3], (array['Android', 'iOS', 'Windows'])[1 + (i / 3) % 3], 'ru', 'RU'
    from generate_series(0, 5999) as i`);
  for (let back = 30; back >= 0; back -= 1) await rollUpDay(db, dayOf(new Date(now.getTime() - back * 86_400_000)), now);
  // The rest of the retention period, as its roll-ups would hold it: a hundred values a day, each
  // day's per-filter figures for Mobile, and fifty visits a day.
  const { first } = keptDays(now, KEEP_MONTHS);
  const older = sql`generate_series(${first}::date, (now() - interval '31 days')::date, '1 day') as d`;
  await db.execute(sql`
    insert into statistics_daily (day, dimension, value, visitors, visits, pageviews, bounces, duration, conversions)
    select d::date, dimension, dimension || '-' || n, 5, 6, 15, 2, 600, 1
    from ${older}, unnest(array['entry', 'referrer', 'source', 'utm_campaign', 'device', 'browser', 'os', 'country', 'page', 'hour']) as dimension,
      generate_series(1, 10) as n
    union all select d::date, 'total', '', 50, 60, 150, 20, 6000, 10 from ${older}`);
  await db.execute(sql`
    insert into statistics_daily_by (filter, filter_value, day, dimension, value, visitors, visits, pageviews, bounces, duration, conversions)
    select 'device', 'Mobile', day, dimension, value, visitors, visits, pageviews, bounces, duration, conversions
    from statistics_daily where day < (now() - interval '30 days')::date`);
  await db.execute(sql`insert into statistics_rollups (day, events, final) select d::date, 0, true from ${older}`);
  await db.execute(sql`
    insert into statistics_visits (day, visitor, started_at, ended_at, pageviews, paths, goals, entry, referrer, source,
      utm_source, utm_medium, utm_campaign, device, browser, os, language, country)
    select d::date, n, d + n * interval '1 minute', d + n * interval '1 minute' + interval '3 minutes', 3, array['/', '/fees', '/faq'], '{}',
      '/', '', 'Direct', '', '', '', (array['Mobile', 'Laptop'])[1 + n % 2], (array['Chrome', 'Safari'])[1 + n % 2], 'Android', 'ru', 'RU'
    from ${older}, generate_series(1, 50) as n`);
  await db.execute(sql`analyze`);
  // A visitor's page as the page cache answers it: from memory, before Express and React Router.
  const page = `<!doctype html><html lang="ru"><body>${"<p>Кошелёк</p>".repeat(200)}</body></html>`;
  server = http.createServer((_request, response) => response.end(page));
  server.listen(Number(process.env.STATISTICS_TEST_PORT ?? 0), "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await handle?.close();
});

// Up to two more attempts: another test file on the second core can stretch one round's longest
// statement; a view that really holds visitors up fails every attempt.
it(
  "answers a visitor as fast while the largest allowed statistics views render as while the usual one does",
  { retry: 2, timeout: 300_000 },
  async () => {
    const { first, last } = keptDays(now, KEEP_MONTHS);
    const whole = `range=custom&from=${first}&to=${last}`;
    const usual = view("range=30d");
    const largest = [
      view(whole),
      view(`${whole}&device=Mobile`),
      view(`${whole}&device=Mobile&browser=Chrome`),
      // Refused by the query's bounds (the last 30 days are shown instead): once 38 s and 269 MB of HTML.
      view("range=custom&from=5001-01-01&to=9999-12-30"),
    ];
    let turn = 0;
    const largestInTurn = () => largest[turn++ % largest.length]!();
    const rounds: { usual: number; largest: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const during = { usual: await visitorsWhile(usual), largest: await visitorsWhile(largestInTurn) };
      expect(during.usual.runs).toBeGreaterThan(0);
      expect(during.largest.runs).toBeGreaterThan(0);
      expect(during.largest.requests).toBeGreaterThan(20);
      rounds.push({ usual: during.usual.p99, largest: during.largest.p99 });
    }
    const usualP99 = median(rounds.map((round) => round.usual));
    const largestP99 = median(rounds.map((round) => round.largest));
    console.info(`visitor p99 during the 30-day view ${usualP99.toFixed(1)} ms, during the largest views ${largestP99.toFixed(1)} ms`);
    // Twice the usual p99, and 30 ms of a shared machine's noise besides.
    expect(largestP99).toBeLessThan(2 * usualP99 + 30);
  },
);
