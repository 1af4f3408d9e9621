import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test, workerPort } from "./support/fixtures";
import { createPostgresDatabase } from "../support/postgres-database";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { tinyImages } from "../support/images";
import { startIsolatedServer, type IsolatedServer } from "./support/isolated-server";

/**
 * Two production servers on one fresh PostgreSQL database behave as one site. Needs
 * TEST_DATABASE_URL (the database is created and dropped here); skipped without it.
 */
const PORTS = { a: workerPort(1), b: workerPort(2) };
const SITE = `http://127.0.0.1:${PORTS.a}`;
const METRICS_TOKEN = "several-instances-metrics-token";
const ADMIN = { email: "admin@example.com", password: "admin-password-1" };

/**
 * The settings every instance of a site shares, in one place: one database, one bucket for the
 * uploads, one auth secret, one public address. Each server keeps a DATA_DIR of its own, so
 * nothing reaches the other server through a shared disk.
 */
function siteEnv(databaseUrl: string, bucket: Record<string, string>): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ...bucket,
    AUTH_SECRET: "several-instances-auth-secret-0123456789",
    // The load balancer's address: writes and sign-ins carry it as their Origin on either server.
    PUBLIC_URL: SITE,
    AUTH_RATE_LIMIT: "4",
    // The balancer (here: this test, on the loopback) names each client in X-Forwarded-For.
    TRUST_PROXY: "loopback",
    METRICS_TOKEN,
    LOG_LEVEL: "warn",
  };
}

/**
 * A request to one server as the load balancer forwards it: with the site's Host, so that the
 * server sees the site's own address (fetch cannot set Host). Answers like fetch's Response.
 */
function send(
  server: IsolatedServer,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
) {
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(
      `${server.url}${pathname}`,
      { method: init.method ?? "GET", headers: { ...init.headers, host: new URL(SITE).host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const one of [value ?? []].flat()) headers.append(name, one);
          }
          const status = answer.statusCode!;
          resolve(new Response(status === 304 ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

const post = (server: IsolatedServer, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  send(server, pathname, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...headers },
    body: JSON.stringify(body),
  });
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.includes("session_token="))!;
const setting = (server: IsolatedServer, cookie: string, section: string, value: string) =>
  send(server, "/admin/settings", {
    method: "POST",
    headers: { origin: SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "update-setting", section, value }).toString(),
  });
const page = async (server: IsolatedServer, pathname = "/") => (await send(server, pathname)).text();

test.describe("[OPERATIONS][SEVERAL INSTANCES]", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (a PostgreSQL server)");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let storage: TestS3Server;
  const dataDirs: string[] = [];
  let a: IsolatedServer;
  let b: IsolatedServer;
  let cookie: string;

  test.beforeAll(async () => {
    database = await createPostgresDatabase("site_e2e_instances");
    storage = await startS3Server();
    // Started at once on an empty database: both apply the migrations, one after the other.
    const started = await Promise.allSettled(
      [PORTS.a, PORTS.b].map((port) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-e2e-instance-${port}-`));
        dataDirs.push(dataDir);
        return startIsolatedServer({ port, dataDir, env: { ...siteEnv(database.url, storage.env), DATA_DIR: dataDir } });
      }),
    );
    [a, b] = started.map((result) => (result.status === "fulfilled" ? result.value : undefined)) as [IsolatedServer, IsolatedServer];
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  });

  test.afterAll(async () => {
    await a?.stop({ keepData: true });
    await b?.stop({ keepData: true });
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    await storage?.stop();
    await database?.drop();
  });

  test("a sign-in on A is valid on B", async () => {
    const signUp = await post(a, "/api/auth/sign-up/email", { ...ADMIN, name: "admin" });
    expect(signUp.status).toBe(200);
    const signIn = await post(a, "/api/auth/sign-in/email", ADMIN);
    expect(signIn.status).toBe(200);
    cookie = sessionCookie(signIn);
    const session = await (await send(b, "/api/auth/get-session", { headers: { cookie } })).json();
    expect(session.user.email).toBe(ADMIN.email);
    expect((await send(b, "/admin/settings", { headers: { cookie } })).status).toBe(200);
    expect((await send(b, "/admin/settings")).status).toBe(401);
  });

  test("an admin save through A is on B's next request, page cache included", async () => {
    // B has the pages in its cache before the save.
    for (const pathname of ["/", "/fees"]) expect(await page(b, pathname)).not.toContain("Two Servers Ltd");
    expect((await setting(a, cookie, "company_name", "Two Servers Ltd")).status).toBe(200);
    // B hears of the write through PostgreSQL (LISTEN/NOTIFY) within milliseconds.
    const saved = Date.now();
    let requests = 0;
    await expect.poll(() => ((requests += 1), page(b)), { intervals: [0, 10, 20, 50, 100], timeout: 3_000 }).toContain("Two Servers Ltd");
    console.log(`B served the save on its request ${requests}, ${Date.now() - saved} ms after A answered it`);
    expect(await page(b, "/fees")).toContain("Two Servers Ltd");
  });

  test("an upload through A is served by B from the shared bucket, and B's pages name it", async () => {
    const upload = await send(a, "/admin/upload?section=favicon_url", {
      method: "POST",
      headers: { origin: SITE, cookie, "content-type": "image/png" },
      body: tinyImages.png,
    });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    const served = await send(b, url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(tinyImages.png))).toBe(true);
    await expect.poll(async () => (await send(b, "/business")).text(), { timeout: 3_000 }).toContain(`href="${url}"`);
  });

  test("sign-in attempts are limited per client across both servers", async () => {
    // Four attempts of one client, forwarded to either server, use up its allowance; then both refuse it.
    const attempt = (server: IsolatedServer, client: string, password = "wrong-password") =>
      post(server, "/api/auth/sign-in/email", { ...ADMIN, password }, { "x-forwarded-for": client });
    const statuses = [];
    for (const server of [b, a, b, a]) statuses.push((await attempt(server, "203.0.113.7")).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const refusedOnA = await attempt(a, "203.0.113.7");
    expect(refusedOnA.status).toBe(429);
    expect(Number(refusedOnA.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refusedOnA.json()).toEqual({ message: "Too many attempts. Please wait a minute and try again." });
    expect((await attempt(b, "203.0.113.7")).status).toBe(429);
    // Even the right password waits its turn; another client has its own allowance.
    expect((await attempt(b, "203.0.113.7", ADMIN.password)).status).toBe(429);
    expect((await attempt(a, "203.0.113.8")).status).toBe(401);
  });

  test("each server tells its page-cache, render-queue and pool figures", async () => {
    // Every page B served so far was its first since a content change: now one from its cache.
    await page(b, "/faq");
    await page(b, "/faq");
    const text = await (await send(b, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(Number(/^page_cache_requests_total\{result="hit"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(Number(/^page_cache_requests_total\{result="miss"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^render_queue_waiting 0$/m);
    expect(Number(/^database_pool_connections (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^database_pool_waiting_queries 0$/m);
  });

  test("stopping A does not disturb B: it keeps serving and saving", async () => {
    // Visitors keep coming to B while A shuts down.
    let visiting = true;
    const visits: number[] = [];
    const visitor = (async () => {
      while (visiting) visits.push((await send(b, "/")).status);
    })();
    expect(await a.stop({ keepData: true })).toBe(0);
    visiting = false;
    await visitor;
    expect(visits.length).toBeGreaterThan(0);
    expect(new Set(visits)).toEqual(new Set([200]));
    expect((await send(b, "/readyz")).status).toBe(200);
    const saved = await setting(b, cookie, "company_name", "One Server Ltd");
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await page(b)).toContain("One Server Ltd");
    expect((await send(b, "/api/auth/get-session", { headers: { cookie } })).status).toBe(200);
  });
});
