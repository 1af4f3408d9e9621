import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIsolatedServer, type IsolatedServer } from "../e2e/support/isolated-server";
import { createPostgresDatabase } from "../support/postgres-database";
import { varnishdParams } from "../../scripts/support/varnish-params.js";
import { ensureVarnish, startVarnish, varnishadm, vclFor, type RunningVarnish } from "../support/varnish";

/**
 * The site behind a real Varnish with the shipped VCL (deploy/varnish/default.vcl): two
 * production servers on one PostgreSQL database as its back-ends, purging by tag after each
 * write. Varnish is installed here when missing (as root, through apt-get); without it, and
 * outside CI, the file is skipped with the reason. Needs TEST_DATABASE_URL.
 */
if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` before the tests in tests/after-build");
const missingVarnish = process.env.TEST_DATABASE_URL ? ensureVarnish() : undefined;
if (missingVarnish && process.env.CI) throw new Error(missingVarnish);
const skip = !process.env.TEST_DATABASE_URL ? "needs TEST_DATABASE_URL (a PostgreSQL server)" : missingVarnish;
if (skip) console.warn(`Edge cache tests skipped: ${skip}`);

const BASE = Number(process.env.EDGE_TEST_PORT ?? 5460);
const PORTS = { varnish: BASE, a: BASE + 1, b: BASE + 2 };
const SECRET = "edge-varnish-test-secret-0123456789abcdef";
// Long enough that the pages kept stay fresh through a test, short enough to see them go stale.
const MAX_AGE_SECONDS = 12;

const setCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => !cookie.endsWith("="));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(Boolean(skip))("the site behind Varnish", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let varnish: RunningVarnish;
  let a: IsolatedServer;
  let b: IsolatedServer;
  let session = "";
  // A purge target that is down at first (the webhook edge), to be retried until it answers.
  let standInPort = 0;
  const received: string[][] = [];

  const edge = (path: string, headers: Record<string, string> = {}) => fetch(`${varnish.url}${path}`, { headers, redirect: "manual" });
  const post = (server: IsolatedServer, path: string, form: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: session, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  /** Asks the edge until `check` passes; the milliseconds it took. */
  async function until(check: () => Promise<boolean>, timeoutMs: number) {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await sleep(50);
    }
    return Date.now() - started;
  }
  /** A page through the edge twice: the second answer must be Varnish's copy. */
  async function kept(path: string) {
    await edge(path);
    const second = await edge(path);
    expect(second.headers.get("x-cache"), path).toBe("HIT");
  }

  beforeAll(async () => {
    database = await createPostgresDatabase("site_edge_varnish");
    // A free port for the stand-in, left closed until the test opens it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    standInPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      EDGE_VARNISH_PURGE: `http://127.0.0.1:${PORTS.varnish}`,
      EDGE_PURGE_WEBHOOK: `http://127.0.0.1:${standInPort}/purge`,
      EDGE_PURGE_WEBHOOK_TOKEN: "webhook-token-never-shown",
      EDGE_MAX_AGE: String(MAX_AGE_SECONDS),
      EDGE_STALE_IF_ERROR: "3600",
      METRICS_TOKEN: "edge-varnish-metrics-token",
    };
    // Varnish first: the purges of the whole site each instance owes it at start are taken at once.
    varnish = await startVarnish(PORTS.varnish, vclFor([PORTS.a, PORTS.b]));
    a = await startIsolatedServer({ port: PORTS.a, env });
    b = await startIsolatedServer({ port: PORTS.b, env });
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: a.url, "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-password-1", name: "admin" }),
    });
    expect(signUp.ok).toBe(true);
    session = setCookies(signUp).join("; ");
    // The purges of the whole site each instance owes Varnish at start (now and 1.5 s later) are done.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      await until(async () => {
        const owed = await db.query("select count(*)::int as owed from edge_purges where done_at is null and target like 'varnish%'");
        return (owed.rows[0] as { owed: number }).owed === 0;
      }, 30_000);
    } finally {
      await db.end();
    }
  }, 180_000);

  afterAll(async () => {
    await varnish?.stop();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("tags public pages with the records they read and keeps browsers asking", async () => {
    const home = await fetch(`${a.url}/`);
    expect(home.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(home.headers.get("vary")).toBe("Accept-Encoding");
    expect(home.headers.get("cdn-cache-control")).toBe(`max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=60, stale-if-error=3600`);
    const tags = home.headers.get("xkey")!.split(" ");
    expect(tags).toEqual(expect.arrayContaining(["site", "home/*", "global/*", "menu:*"]));
    expect(tags).not.toContain("fees/*");
    expect(home.headers.get("surrogate-key")).toBe(tags.join(" "));
    expect(home.headers.get("cache-tag")).toBe(tags.join(","));
    const fees = (await fetch(`${a.url}/fees`)).headers.get("xkey")!.split(" ");
    expect(fees).toContain("fees/*");
    expect(fees).not.toContain("home/*");
  });

  it("runs with the shipped parameters and sends browsers none of the edges' headers", async () => {
    // deploy/varnish/varnishd.params, which the bench reads too, is what this Varnish runs with.
    const params = varnishdParams();
    const mask = params[params.indexOf("-p") + 1]!.replace(/^vsl_mask=/, "").split(",");
    expect(mask).toContain("-RespUnset");
    const running = varnishadm(varnish, "param.show", "vsl_mask");
    for (const tag of mask) expect(running, tag).toContain(tag);
    // Its working directory (the shared-memory log) is in memory where the machine has /dev/shm.
    if (fs.existsSync("/dev/shm")) expect(varnish.instance.startsWith("/dev/shm/")).toBe(true);

    await kept("/fees");
    const answer = await edge("/fees", { "accept-encoding": "gzip" });
    expect(answer.headers.get("x-cache")).toBe("HIT");
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(answer.headers.get("vary")).toBe("Accept-Encoding");
    for (const name of ["xkey", "surrogate-key", "cache-tag", "cdn-cache-control", "surrogate-control"]) {
      expect(answer.headers.get(name), name).toBeNull();
    }
    // The copy Varnish keeps holds xkey alone of them (vmod-xkey finds it by that): the others
    // are dropped on fetch, so no hit spends time removing them.
    const hit = spawnSync(
      "varnishlog",
      ["-d", "-n", varnish.instance, "-g", "request", "-q", 'ReqURL eq "/fees" and VCL_call eq "HIT"', "-i", "RespHeader"],
      { encoding: "utf8", timeout: 10_000 },
    ).stdout.toLowerCase();
    expect(hit).toMatch(/respheader\s+xkey: /);
    expect(hit).not.toContain("surrogate-key:");
    expect(hit).not.toContain("cdn-cache-control:");
  });

  it("serves a saved change within 2 seconds, purging only the pages that read it", async () => {
    // The pages kept last, right before the save: they must still be fresh when checked.
    for (const path of ["/", "/fees", "/business", "/faq"]) await kept(path);
    const title = `Edge hero ${Date.now().toString(36)}`;
    const saved = await post(b, "/admin/content", {
      intent: "add-content",
      pageName: "home",
      sectionName: "hero_title",
      contentValue: title,
    });
    expect(saved.status).toBe(200);
    const took = await until(async () => (await (await edge("/")).text()).includes(title), 2000);
    expect(took).toBeLessThanOrEqual(2000);
    // Past the second purge (REPEAT_AFTER_MS): the pages that did not read the key are still Varnish's copies.
    await sleep(1700);
    for (const path of ["/fees", "/business", "/faq"]) {
      const answer = await edge(path);
      expect(answer.headers.get("x-cache"), path).toBe("HIT");
      expect(answer.headers.get("x-varnish")!.split(" ")).toHaveLength(2);
    }
    expect(await (await edge("/")).text()).toContain(title);
  });

  it("never stores the dashboard, previews, reviewer links or answers for a session", async () => {
    for (const [path, headers] of [
      ["/admin", { cookie: session }],
      ["/", { cookie: session }],
      ["/fees", { cookie: "release_preview=anything" }],
      ["/preview/r/not-a-token", {}],
      ["/api/auth/get-session", { cookie: session }],
      // Client-side navigation data carries no tags: an edge asks for it each time.
      ["/fees.data", {}],
    ] as const) {
      for (let time = 0; time < 2; time += 1) {
        const answer = await edge(path, headers);
        expect(answer.headers.get("x-cache"), path).toBe("MISS");
        expect(answer.headers.get("age"), path).toBe("0");
      }
    }
    const dashboard = await fetch(`${a.url}/admin`, { headers: { cookie: session } });
    expect(dashboard.headers.get("cache-control")).toBe("private, no-store");
    expect(dashboard.headers.get("xkey")).toBeNull();
  });

  it("retries a purge target that is down until it answers, and counts it", async () => {
    const standIn = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        expect(req.headers.authorization).toBe("Bearer webhook-token-never-shown");
        received.push((JSON.parse(body) as { tags: string[] }).tags);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => standIn.listen(standInPort, "127.0.0.1", resolve));
    try {
      // The purges of the save above have been failing since: they arrive now, with the record's tags.
      await until(async () => received.some((tags) => tags.includes("home/hero_title")), 70_000);
      const metrics = await (await fetch(`${b.url}/metrics`, { headers: { authorization: "Bearer edge-varnish-metrics-token" } })).text();
      expect(metrics).toMatch(/edge_purge_failures_total\{target="webhook 127\.0\.0\.1:\d+"\} [1-9]/);
      expect(metrics).toMatch(/edge_purges_total\{target="varnish 127\.0\.0\.1:\d+"\} [1-9]/);
      expect(metrics).not.toContain("webhook-token-never-shown");
      // The dashboard names each edge and its last purge, never a token.
      const dashboard = await (await fetch(`${a.url}/admin/other/edge`, { headers: { cookie: session } })).text();
      expect(dashboard).toContain(`varnish 127.0.0.1:${PORTS.varnish}`);
      expect(dashboard).toContain("Последний сброс");
      expect(dashboard).not.toContain("webhook-token-never-shown");
    } finally {
      await new Promise((resolve) => standIn.close(resolve));
    }
  }, 90_000);

  it("keeps serving the last pages when no instance answers (stale-if-error)", async () => {
    for (const path of ["/", "/fees"]) await kept(path);
    const before = await (await edge("/fees")).text();
    await a.stop({ keepData: true });
    await b.stop({ keepData: true });
    // Past the pages' lifetime, with both back-ends seen as down.
    await sleep((MAX_AGE_SECONDS + 2) * 1000);
    for (const path of ["/", "/fees"]) {
      const answer = await edge(path);
      expect(answer.status, path).toBe(200);
      expect(Number(answer.headers.get("age")), path).toBeGreaterThanOrEqual(MAX_AGE_SECONDS);
      if (path === "/fees") expect(await answer.text()).toBe(before);
    }
  }, 60_000);
});
