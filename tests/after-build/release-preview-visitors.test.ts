import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagePaths } from "~/features/seo/public-pages.js";
import { startIsolatedServer, type IsolatedServer } from "../e2e/support/isolated-server";
import { createPostgresDatabase } from "../support/postgres-database";

/**
 * Staged values never reach a visitor. Real production servers (the build: `npm run test:e2e`
 * runs this folder after it builds, see vitest.after-build.config.ts): a release stages a unique string, an administrator
 * previews it, and then every public page is asked, from the page cache and rendered, with
 * campaign query strings, with and without an administrator's session cookie, and on a second
 * instance (PostgreSQL only: PGlite is one process). The string is on none of them until the
 * publish and on all of them right after it.
 */
if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` before the tests in tests/after-build");
const kinds = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);
const PORT = Number(process.env.PREVIEW_TEST_PORT ?? 5402);
const SECRET = "release-preview-visitors-secret-0123456789";
const PATHS = [...publicPagePaths, "/no-such-page"];
const CAMPAIGN = "?utm_source=newsletter&utm_medium=email&utm_campaign=feb&gclid=abc123&fbclid=xyz";

const setCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => !cookie.endsWith("="));

describe.each(kinds)("staged values never reach a visitor (%s)", (kind) => {
  const servers: IsolatedServer[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  let session = "";
  let releaseId = 0;
  const UNIQUE = `Staged Ltd ${kind} ${Date.now().toString(36)}`;

  const post = (server: IsolatedServer, path: string, form: Record<string, string>, cookie = session) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  beforeAll(async () => {
    const env: Record<string, string> = { AUTH_SECRET: SECRET, PAGE_CACHE: "on" };
    if (kind === "postgres") {
      const database = await createPostgresDatabase("site_preview_visitors");
      dropDatabase = database.drop;
      env.DATABASE_URL = database.url;
    }
    servers.push(await startIsolatedServer({ port: PORT, env }));
    // The second instance renders every request (PAGE_CACHE=off): uncached, on the same database.
    if (kind === "postgres") servers.push(await startIsolatedServer({ port: PORT + 1, env: { ...env, PAGE_CACHE: "off" } }));
    const first = servers[0]!;
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: first.url, "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-password-1", name: "admin" }),
    });
    expect(signUp.ok).toBe(true);
    session = setCookies(signUp).join("; ");
    // A release the administrator drafts into, one staged value, then back to live editing.
    const created = await post(first, "/admin/other/releases", { intent: "create-release", name: "Новые тарифы с 1 февраля" });
    releaseId = Number(/\/releases\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    expect(releaseId).toBeGreaterThan(0);
    expect((await post(first, "/admin/settings", { intent: "update-setting", section: "company_name", value: UNIQUE })).status).toBe(200);
    expect((await post(first, "/admin/other/releases", { intent: "go-live" })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await dropDatabase?.();
  });

  /** Every public page on every instance, each way a visitor can ask for it; the pages that show `text`. */
  async function pagesShowing(text: string) {
    const showing: string[] = [];
    const misses: string[] = [];
    for (const server of servers) {
      for (const path of PATHS) {
        // Twice plain (the first may render, the second is the cache's copy), with campaign tags, with a session.
        for (const [label, url, cookie] of [
          ["plain", path, ""],
          ["cached", path, ""],
          ["campaign", `${path}${CAMPAIGN}`, ""],
          ["session", path, session],
          ["session+campaign", `${path}${CAMPAIGN}`, session],
        ] as const) {
          const response = await fetch(`${server.url}${url}`, { headers: cookie ? { cookie } : {} });
          const where = `${server.url}${url} (${label})`;
          if ((await response.text()).includes(text)) showing.push(where);
          else misses.push(where);
        }
      }
    }
    return { showing, misses };
  }

  it("previews the staged value for the administrator, private, no-store and noindex", async () => {
    const first = servers[0]!;
    const start = await fetch(`${first.url}/admin/preview?release=${releaseId}&path=/fees`, {
      headers: { cookie: session },
      redirect: "manual",
    });
    expect(start.status).toBe(303);
    const preview = `${session}; ${setCookies(start).join("; ")}`;
    for (const server of servers) {
      for (const path of ["/", "/fees", `/faq${CAMPAIGN}`, "/no-such-page"]) {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie: preview } });
        expect(await response.text(), `${server.url}${path}`).toContain(UNIQUE);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(response.headers.get("x-robots-tag")).toBe("noindex");
      }
    }
  });

  it("shows it on no public page, any way asked, until the publish, and on every one right after", async () => {
    const before = await pagesShowing(UNIQUE);
    expect(before.showing).toEqual([]);
    expect(before.misses.length).toBe(servers.length * PATHS.length * 5);

    const published = await post(servers[0]!, `/admin/other/releases/${releaseId}`, { intent: "publish-release" });
    expect(published.status).toBe(200);
    const after = await pagesShowing(UNIQUE);
    expect(after.misses).toEqual([]);
  });
});
