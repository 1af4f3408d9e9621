import { expect, test, type Page } from "./support/fixtures";
import { adminStorageState } from "./support/accounts";

const CAMPAIGN = "/?utm_source=newsletter&utm_medium=email";
const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** Everything that goes wrong in the browser: script errors, console errors and CSP violations. */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    // The browser reports a document answered 404 as a failed load; that status is the point.
    if (message.type() === "error" && !message.text().includes("status of 404")) problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
}

test.describe("[PERFORMANCE][PAGE CACHE] campaign links, unknown paths, address variants", () => {
  test("a campaign link gets the bare address's cached copy: same body, headers and canonical URL", async ({ request }) => {
    const bare = await request.get("/", { headers: { "accept-encoding": "br" } });
    const campaign = await request.get(CAMPAIGN, { headers: { "accept-encoding": "br" } });
    expect(campaign.status()).toBe(200);
    expect(campaign.headers()["content-encoding"]).toBe("br");
    for (const name of ["etag", "cache-control", "vary", "content-security-policy", "content-length"]) {
      expect(campaign.headers()[name], name).toBe(bare.headers()[name]);
    }
    expect(campaign.headers()["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(campaign.headers().vary).toBe("Accept-Encoding");
    const html = await campaign.text();
    expect(html).toBe(await bare.text());
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/"\/>/);
    expect(html).not.toContain("utm_");
    const again = await request.get("/?gclid=abc123", { headers: { "if-none-match": bare.headers().etag! } });
    expect(again.status()).toBe(304);
  });

  test("an unknown path gets the one cached not-found page with 404 and the public headers", async ({ request }) => {
    const first = await request.get("/wp-login.php", { headers: { "accept-encoding": "gzip" } });
    const second = await request.get("/no/such/page?utm_source=x", { headers: { "accept-encoding": "gzip" } });
    for (const answer of [first, second]) {
      expect(answer.status()).toBe(404);
      expect(answer.headers()["content-encoding"]).toBe("gzip");
      expect(answer.headers()["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
      expect(answer.headers().vary).toBe("Accept-Encoding");
      expect(answer.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    }
    expect(second.headers().etag).toBe(first.headers().etag);
    const html = await first.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain("wp-login");
    // A 404 is never answered 304 (RFC 9110 §13.2.1); HEAD has its headers and no body.
    const conditional = await request.get("/.env", { headers: { "if-none-match": first.headers().etag! } });
    expect(conditional.status()).toBe(404);
    const head = await request.head("/.git/config");
    expect(head.status()).toBe(404);
    expect(head.headers().etag).toBe(first.headers().etag);
    expect(await head.body()).toHaveLength(0);
  });

  test("a trailing or doubled slash moves to the canonical address for good, query kept", async ({ request, baseURL }) => {
    for (const [from, to] of [
      ["/fees/", "/fees"],
      ["/fees/?utm_source=newsletter", "/fees?utm_source=newsletter"],
      ["//faq//", "/faq"],
      ["/wp-admin/", "/wp-admin"],
    ]) {
      // Absolute, or `//faq//` would name a host.
      const moved = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
      expect(moved.status(), from).toBe(301);
      expect(moved.headers().location).toBe(to);
    }
    const head = await request.head("/fees/", { maxRedirects: 0 });
    expect(head.status()).toBe(301);
    const followed = await request.get("/fees/?utm_source=newsletter");
    expect(followed.status()).toBe(200);
    expect(followed.url()).toMatch(/\/fees\?utm_source=newsletter$/);
  });

  for (const path of [CAMPAIGN, "/fees?gclid=abc123&fbclid=def", "/wp-login.php", "/fees/?utm_source=x"]) {
    test(`${path} hydrates without errors or CSP violations, and the router reads the visitor's address`, async ({ page }) => {
      const problems = await watchProblems(page);
      await page.goto(path);
      await hydrated(page);
      const expected = new URL(path.replace("/fees/", "/fees"), "http://x");
      expect(new URL(page.url()).pathname).toBe(expected.pathname);
      const location = await page.evaluate(() => {
        const router = (window as unknown as { __reactRouterDataRouter: { state: { location: { pathname: string; search: string } } } })
          .__reactRouterDataRouter;
        return router.state.location;
      });
      expect(location).toMatchObject({ pathname: expected.pathname, search: expected.search });
      // The router took over: a click on a site link changes the page without a new document.
      await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
      await page.locator('footer a[href="/faq"]').first().dispatchEvent("click");
      await expect(page).toHaveURL(/\/faq$/);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
      expect(problems).toEqual([]);
    });
  }
});

test.describe("[PERFORMANCE][PAGE CACHE] a signed-in visitor on public pages", () => {
  test.use({ storageState: adminStorageState });

  test("is served the shared copy with the public headers (the pages hold nothing of the session)", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      for (const path of ["/fees", CAMPAIGN, "/wp-login.php"]) {
        const anonymous = await visitor.get(path);
        const signedIn = await request.get(path);
        expect(signedIn.status()).toBe(anonymous.status());
        expect(signedIn.headers().etag).toBe(anonymous.headers().etag);
        expect(signedIn.headers()["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
        expect(signedIn.headers()["content-security-policy"]).not.toContain("'nonce-");
        expect(signedIn.headers()["set-cookie"]).toBeUndefined();
      }
    } finally {
      await visitor.dispose();
    }
  });
});
