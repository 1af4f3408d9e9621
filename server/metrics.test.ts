import fs from "node:fs";
import http, { type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, routeKind } from "./metrics";

// The port range for this work; the server listens only during each test.
// Each test listens on its own port, so no kept-alive connection reaches a closed server.
const FIRST_PORT = Number(process.env.METRICS_TEST_PORT ?? 5304);
let port = FIRST_PORT - 1;
const TOKEN = "metrics-token-for-tests";
let server: Server | undefined;

async function serve(token: string | undefined, backupDirectory: string) {
  const metrics = createMetrics({ token, backupDirectory });
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

  it("sorts paths into few kinds", () => {
    expect(["/", "/fees", "/healthz", "/assets/a.js", "/uploads/x.png", "/admin", "/admin/menu", "/api/auth/get-session"].map(routeKind)).toEqual([
      "page", "page", "operations", "asset", "upload", "admin", "admin", "api",
    ]);
  });
});
