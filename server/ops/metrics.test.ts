import fs from "node:fs";
import http, { type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, routeKind, type MetricsOptions } from "./metrics";
import { createRenderQueue } from "../page-cache/render-queue";

// The port range for this work; the server listens only during each test.
// Each test listens on its own port, so no kept-alive connection reaches a closed server.
const FIRST_PORT = Number(process.env.METRICS_TEST_PORT ?? 5304);
let port = FIRST_PORT - 1;
const TOKEN = "metrics-token-for-tests";
let server: Server | undefined;

async function serve(token: string | undefined, backupDirectory: string, sources: Omit<MetricsOptions, "token" | "backupDirectory"> = {}) {
  const metrics = createMetrics({ token, backupDirectory, ...sources });
  const app = express();
  app.get("/metrics", metrics.handler);
  app.get("/fees", (_req, res) => void res.send("page"));
  app.get("/admin/content", (_req, res) => void res.status(401).send("no"));
  server = http.createServer((req, res) => {
    metrics.observe(req, res);
    app(req, res);
  });
  port += 1;
  await new Promise<void>((resolve) => server!.listen(port, resolve));
}

afterEach(async () => {
  if (!server) return;
  const closing = new Promise((resolve) => server!.close(resolve));
  server.closeAllConnections();
  await closing;
  server = undefined;
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${pathname}`, { headers });

describe("/metrics", () => {
  it("is off without METRICS_TOKEN", async () => {
    await serve(undefined, os.tmpdir());
    expect((await get("/metrics")).status).toBe(404);
    expect((await get("/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it("answers only with the bearer token", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "site-metrics-empty-"));
    await serve(TOKEN, empty);
    expect((await get("/metrics")).status).toBe(401);
    expect((await get("/metrics", { authorization: "Bearer wrong-token-of-some-length" })).status).toBe(401);
    expect((await get("/metrics", { authorization: TOKEN })).status).toBe(401);
    const answer = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.text()).toMatch(/^backup_age_seconds -1$/m);
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it("counts requests by route kind and status class, times them, and tells the newest backup's age", async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "site-metrics-"));
    const archive = path.join(backups, "site-backup-20260101T000000000Z.tar.gz");
    fs.writeFileSync(archive, "");
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(archive, hourAgo, hourAgo);
    await serve(TOKEN, backups);
    await get("/fees");
    await get("/fees?utm_source=x");
    await get("/admin/content");
    const text = await (await get("/metrics", { authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toMatch(/^http_requests_total\{kind="page",status="2xx"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{kind="admin",status="4xx"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{kind="page"\} 2$/m);
    const age = Number(/^backup_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThan(3590);
    expect(age).toBeLessThan(3700);
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it("is off without METRICS_TOKEN: no page-cache counters for the cached path to call", () => {
    expect(createMetrics({ backupDirectory: os.tmpdir() }).pageCache).toBeUndefined();
  });

  it("tells page-cache hits and misses, the pages kept, the render queue and the database pool", async () => {
    const queue = createRenderQueue(1);
    const pool = { totalCount: 7, idleCount: 5, waitingCount: 0 };
    let pages = 3;
    const metrics = createMetrics({
      token: TOKEN,
      backupDirectory: os.tmpdir(),
      renderQueue: queue,
      databasePool: pool,
      pageCacheSize: () => pages,
    });
    metrics.pageCache!.hit();
    metrics.pageCache!.hit();
    metrics.pageCache!.miss();
    // One render runs, two wait their turn.
    let finish!: () => void;
    const blocker = new Promise<void>((resolve) => (finish = resolve));
    const tasks = [queue(() => blocker), queue(async () => {}), queue(async () => {})];
    await new Promise((resolve) => setImmediate(resolve));
    pool.waitingCount = 2;
    pages = 4;
    const text = await metrics.register!.metrics();
    expect(text).toMatch(/^page_cache_requests_total\{result="hit"\} 2$/m);
    expect(text).toMatch(/^page_cache_requests_total\{result="miss"\} 1$/m);
    expect(text).toMatch(/^page_cache_pages 4$/m);
    expect(text).toMatch(/^render_queue_running 1$/m);
    expect(text).toMatch(/^render_queue_waiting 2$/m);
    expect(text).toMatch(/^database_pool_connections 7$/m);
    expect(text).toMatch(/^database_pool_idle_connections 5$/m);
    expect(text).toMatch(/^database_pool_waiting_queries 2$/m);
    finish();
    await Promise.all(tasks);
    const after = await metrics.register!.metrics();
    expect(after).toMatch(/^render_queue_running 0$/m);
    expect(after).toMatch(/^render_queue_waiting 0$/m);
  });

  it("tells how many administrators' requests waited on a busy server, and for how long", async () => {
    const metrics = createMetrics({ token: TOKEN, backupDirectory: os.tmpdir() });
    expect(await metrics.register!.metrics()).toMatch(/^admin_requests_waited_total 0$/m);
    metrics.adminWaited!(120);
    metrics.adminWaited!(380);
    const text = await metrics.register!.metrics();
    expect(text).toMatch(/^admin_requests_waited_total 2$/m);
    expect(text).toMatch(/^admin_request_wait_seconds_total 0\.5$/m);
    expect(createMetrics({ backupDirectory: os.tmpdir() }).adminWaited).toBeUndefined();
  });

  it("says nothing of a pool when the database has none (the embedded one)", async () => {
    const text = await createMetrics({ token: TOKEN, backupDirectory: os.tmpdir() }).register!.metrics();
    expect(text).not.toMatch(/database_pool/);
    expect(text).toMatch(/^page_cache_requests_total\{result="miss"\} 0$/m);
  });

  it("tells the statistics' accepted, bot, dropped and refused beacons as they are when scraped", async () => {
    const statistics = { accepted: 0, bots: 0, dropped: 0, refused: { malformed: 0, "rate-limited": 0 } };
    const register = createMetrics({ token: TOKEN, backupDirectory: os.tmpdir(), statistics }).register!;
    Object.assign(statistics, { accepted: 12, bots: 3, dropped: 1 });
    statistics.refused["rate-limited"] = 4;
    const text = await register.metrics();
    expect(text).toMatch(/^statistics_beacons_accepted 12$/m);
    expect(text).toMatch(/^statistics_beacons_bots 3$/m);
    expect(text).toMatch(/^statistics_events_dropped 1$/m);
    expect(text).toMatch(/^statistics_beacons_refused\{reason="rate-limited"\} 4$/m);
    expect(text).toMatch(/^statistics_beacons_refused\{reason="malformed"\} 0$/m);
    expect(await createMetrics({ token: TOKEN, backupDirectory: os.tmpdir() }).register!.metrics()).not.toMatch(/statistics_/);
  });

  it("sorts paths into few kinds", () => {
    expect(
      ["/", "/fees", "/healthz", "/assets/a.js", "/uploads/x.png", "/admin", "/admin/menu", "/api/auth/get-session"].map(routeKind),
    ).toEqual(["page", "page", "operations", "asset", "upload", "admin", "admin", "api"]);
  });
});
