import { expect, test, type APIRequestContext } from "./support/fixtures";
import { adminStorageState } from "./support/accounts";

/**
 * The caching headers of each kind of response, against the production server: private answers
 * are never stored by a shared cache; the cached public pages keep their own policy.
 */
const PRIVATE = "private, no-store";

async function cacheControl(
  request: APIRequestContext,
  url: string,
  init: { method?: "GET" | "POST"; form?: Record<string, string> } = {},
) {
  const response =
    init.method === "POST"
      ? await request.post(url, { form: init.form ?? {}, headers: { origin: new URL(url, "http://127.0.0.1").origin }, maxRedirects: 0 })
      : await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), cacheControl: response.headers()["cache-control"] ?? "(none)" };
}

test.describe("[SECURITY][HEADERS] caching headers by kind of response", () => {
  test("anonymous: public pages from the cache, the dashboard and auth endpoints private", async ({ request, baseURL }) => {
    const rows: Record<string, { status: number; cacheControl: string }> = {
      "cached public page /": await cacheControl(request, "/"),
      "cached public page /fees": await cacheControl(request, "/fees"),
      "login screen /admin": await cacheControl(request, "/admin"),
      "dashboard data /admin/content.data": await cacheControl(request, "/admin/content.data"),
      "auth session /api/auth/get-session": await cacheControl(request, "/api/auth/get-session"),
    };
    const signIn = await request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL! },
      data: { email: "nobody@example.com", password: "wrong-password-1" },
    });
    rows["failed sign-in /api/auth/sign-in/email"] = {
      status: signIn.status(),
      cacheControl: signIn.headers()["cache-control"] ?? "(none)",
    };
    expect(rows).toEqual({
      "cached public page /": { status: 200, cacheControl: "public, max-age=0, must-revalidate" },
      "cached public page /fees": { status: 200, cacheControl: "public, max-age=0, must-revalidate" },
      "login screen /admin": { status: 200, cacheControl: PRIVATE },
      "dashboard data /admin/content.data": { status: expect.any(Number), cacheControl: PRIVATE },
      "auth session /api/auth/get-session": { status: 200, cacheControl: PRIVATE },
      "failed sign-in /api/auth/sign-in/email": { status: 401, cacheControl: PRIVATE },
    });
    // Hashed assets stay cacheable for a year.
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.css/)![0];
    expect((await request.get(asset)).headers()["cache-control"]).toContain("immutable");
  });
});

test.describe("[SECURITY][HEADERS] signed in", () => {
  test.use({ storageState: adminStorageState });

  test("every dashboard page, its data and public data rendered for the session are private", async ({ request, baseURL }) => {
    const urls = [
      "/admin",
      "/admin/content",
      "/admin/menu",
      "/admin/legal",
      "/admin/fees",
      "/admin/settings/branding",
      "/admin/other",
      "/admin/settings.data",
      "/api/auth/get-session",
      "/contact.data",
    ];
    for (const url of urls) {
      const answer = await cacheControl(request, url);
      expect({ url, ...answer, status: answer.status < 500 }).toEqual({ url, status: true, cacheControl: PRIVATE });
    }
    // A public page is not rendered for the session: the shared copy keeps its public headers.
    expect(await cacheControl(request, "/contact?from=admin")).toEqual({ status: 200, cacheControl: "public, max-age=0, must-revalidate" });
    const write = await cacheControl(request, `${baseURL}/admin/settings`, { method: "POST", form: { intent: "unknown-intent" } });
    expect(write).toEqual({ status: 400, cacheControl: PRIVATE });
  });

  test("malformed bodies to the dashboard's data endpoints answer 4xx, and the server stays healthy", async ({ request, baseURL }) => {
    const origin = { origin: baseURL! };
    const bodies: { name: string; data: string | Buffer; type?: string }[] = [
      { name: "JSON", data: JSON.stringify({ intent: "update-setting" }), type: "application/json" },
      { name: "invalid JSON", data: '{"intent":', type: "application/json" },
      { name: "deep JSON", data: "[".repeat(10_000) + "]".repeat(10_000), type: "application/json" },
      { name: "junk", data: Buffer.alloc(1024 * 1024, 0xfe), type: "application/x-www-form-urlencoded" },
      { name: "no content type", data: "intent=update-setting" },
      { name: "text/plain", data: "intent=update-setting", type: "text/plain" },
    ];
    for (const path of [
      "/admin/settings.data",
      "/admin/legal.data",
      "/admin/fees.data",
      "/admin/content.data",
      "/admin/menu.data",
      "/admin.data",
      "/contact.data",
    ]) {
      for (const body of bodies) {
        const response = await request.post(path, {
          headers: { ...origin, ...(body.type ? { "content-type": body.type } : {}) },
          data: body.data,
          timeout: 10_000,
        });
        expect({ path, body: body.name, status: response.status() >= 400 && response.status() < 500 }).toEqual({
          path,
          body: body.name,
          status: true,
        });
        expect(await response.text()).not.toMatch(/\n\s+at |node_modules|SyntaxError/);
      }
    }
    expect((await request.get("/healthz")).status()).toBe(200);
  });
});
