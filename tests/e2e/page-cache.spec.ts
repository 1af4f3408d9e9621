import { expect, test, workerPort } from "./support/fixtures";
import { sitemapPagePaths } from "../../app/features/seo/public-pages.js";
import { adminStorageState } from "./support/accounts";
import { startIsolatedServer } from "./support/isolated-server";
import { tinyImages } from "../support/images";

const publicPages = sitemapPagePaths;

test.describe("[PERFORMANCE][PAGE CACHE]", () => {
  test("public pages come pre-compressed with an ETag, and revalidate with 304", async ({ request }) => {
    const first = await request.get("/fees", { headers: { "accept-encoding": "br" } });
    expect(first.status()).toBe(200);
    expect(first.headers()["content-encoding"]).toBe("br");
    const etag = first.headers().etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const gzip = await request.get("/fees", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(gzip.headers().etag).toBe(etag);
    const again = await request.get("/fees", { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
  });

  test("cached pages keep an enforced CSP, with hashes instead of a per-request nonce", async ({ request }) => {
    const policy = (await request.get("/")).headers()["content-security-policy"]!;
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).not.toContain("nonce-");
    expect((await request.get("/")).headers()["x-content-type-options"]).toBe("nosniff");
  });

  // What a cached page loads before and after its first paint: public/first-paint.spec.ts.

  for (const path of publicPages) {
    test(`${path} hydrates without errors or CSP violations`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      await page.goto(path);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }
});

test.describe("[PERFORMANCE][PAGE CACHE] with a session", () => {
  test.use({ storageState: adminStorageState });

  test("a signed-in browser is served the shared copy: the public pages hold nothing of the session", async ({ request }) => {
    const response = await request.get("/fees");
    expect(response.status()).toBe(200);
    expect(response.headers().etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers()["content-security-policy"]).not.toContain("'nonce-");
  });

  test("an admin save is visible on the next public request", async ({ request, playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const png = tinyImages.png;
    try {
      expect(await (await visitor.get("/business")).text()).toContain('href="/favicon.png"');
      const upload = await request.post("/admin/upload?section=favicon_url", { headers: { Origin: baseURL! }, data: png });
      const { url } = (await upload.json()) as { url: string };
      expect(await (await visitor.get("/business")).text()).toContain(`href="${url}"`);
    } finally {
      await request.delete("/admin/upload?section=favicon_url", { headers: { Origin: baseURL! } });
      expect(await (await visitor.get("/business")).text()).toContain('href="/favicon.png"');
      await visitor.dispose();
    }
  });
});

test.describe("[PERFORMANCE][PAGE CACHE] switched off", () => {
  test("PAGE_CACHE=off renders every visit, compressed, with the same headers, and the page hydrates cleanly", async ({
    page,
    request,
  }) => {
    const server = await startIsolatedServer({ port: workerPort(1), env: { PAGE_CACHE: "off", LOG_LEVEL: "info" } });
    try {
      const first = await request.get(`${server.url}/fees`, { headers: { "accept-encoding": "br" } });
      expect(first.status()).toBe(200);
      expect(first.headers()["content-encoding"]).toBe("br");
      expect(first.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(await first.text()).toContain("</html>");
      const again = await request.get(`${server.url}/fees`, { headers: { "if-none-match": first.headers().etag! } });
      expect(again.status()).toBe(304);

      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);

      // Each of those visits was rendered for it: none was answered from a cache. Request lines
      // are written in batches, at least once a second.
      const requestLines = () =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"msg":"request"') && /"path":"\/(fees)?"/.test(line));
      await expect.poll(() => requestLines().length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      expect(requestLines().some((line) => line.includes('"cache":"hit"'))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
