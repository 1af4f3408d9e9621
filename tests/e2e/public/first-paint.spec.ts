import { expect, test, workerBaseUrl, type Page } from "../support/fixtures";
import { sitemapPagePaths, UNKNOWN_PATH } from "../../../app/features/seo/public-pages.js";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage } from "../../../scripts/support/landing-page.js";
import { ADMIN } from "../support/accounts";

// What a cached page needs before its first paint (server/first-paint/first-paint.ts): its critical CSS
// inline, every stylesheet fetched without blocking paint, no script fetched before it.
// The fixed pages and a landing page with every block (published before the first test).
const publicPages = [...sitemapPagePaths, EVERY_BLOCK_PATH];
test.beforeAll(() => ensureEveryBlockPage(workerBaseUrl(), { account: ADMIN }));
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
/** The head as a browser with JavaScript reads it: what <noscript> holds is not loaded. */
const withoutNoscript = (html: string) => html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");

test.describe("[PERFORMANCE][FIRST PAINT]", () => {
  for (const path of publicPages) {
    test(`${path} carries its critical CSS inline and blocks its first paint on nothing else`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const start = head(html);
      const critical = /<style>(@layer[\s\S]*?)<\/style>/.exec(start)?.[1];
      expect(critical, "inline critical CSS").toBeTruthy();
      // The first screen's rules are there: the header, the page's first heading, the banner.
      expect(critical).toContain(".sticky{position:sticky}");
      expect(critical).toContain(".cookie-banner");
      const links = [...withoutNoscript(start).matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        expect(link, "no render-blocking stylesheet").toContain('media="print"');
        expect(link).toContain("data-deferred-stylesheet");
      }
      expect(start.indexOf("<style>@layer")).toBeLessThan(start.indexOf('rel="stylesheet"'));
      // Without JavaScript the stylesheets are linked as usual.
      expect(start).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/root-[\w-]+\.css"\/>/);
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      // The modules are preloaded, all at once, when the router's module starts.
      expect(html).toMatch(/<script type="text\/x-deferred-module" data-preload="\/assets\/[^"]*framework-[\w-]+\.js[^"]*" data-evaluate="[^"]+">/);
      // Each module but the router's entry is evaluated first, one per task; the entry hydrates last.
      const evaluated = /data-evaluate="([^"]+)"/.exec(html)![1]!.split(" ");
      expect(evaluated.some((href) => /\/framework-[\w-]+\.js$/.test(href))).toBe(true);
      expect(evaluated.some((href) => href.includes("entry.client"))).toBe(false);
      // Every inline script, the loaders included, is covered by the policy's hashes.
      const policy = (await request.get(path)).headers()["content-security-policy"]!;
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    });
  }

  for (const path of [...publicPages, UNKNOWN_PATH]) {
    test(`${path} loads, hydrates and applies its stylesheets without a console or CSP error`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        // The not-found page is answered 404, which Chromium reports for the document itself.
        if (message.type() === "error" && !(path === "/no-such-page" && message.text().includes("404"))) problems.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.goto(path);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      // Scrolling applies the full stylesheets and brings the lazy images in.
      await page.mouse.wheel(0, 4000);
      await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[data-deferred-stylesheet]")].every((link) => link.media === "all"))).toBe(true);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }

  for (const path of ["/", "/fees", "/contact"]) {
    test(`${path} hydrates after the first paint without console or CSP errors; the menu and its links work`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
        // The module preloads the starter adds (hydration takes them out of <head> again).
        const preloads: string[] = ((window as unknown as { preloads: string[] }).preloads = []);
        // The module scripts it adds, each once the one before has run, and how many had run then.
        const modules: { href: string; ranBefore: number }[] = ((window as unknown as { modules: typeof modules }).modules = []);
        let ran = 0;
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) {
              if (node instanceof HTMLLinkElement && node.rel === "modulepreload") preloads.push(node.getAttribute("href")!);
              if (node instanceof HTMLScriptElement && node.type === "module" && node.src) {
                modules.push({ href: node.getAttribute("src")!, ranBefore: ran });
                node.addEventListener("load", () => (ran += 1));
              }
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const preloads = await page.evaluate(() => (window as unknown as { preloads: string[] }).preloads);
      expect(preloads.filter((href) => /\/assets\/framework-[\w-]+\.js$/.test(href))).toHaveLength(1);
      expect(preloads.length).toBeGreaterThanOrEqual(5);
      // Every module but the entry was evaluated on its own, in the order listed, one after another.
      const modules = await page.evaluate(() => (window as unknown as { modules: { href: string; ranBefore: number }[] }).modules);
      const listed = /data-evaluate="([^"]+)"/.exec(await (await page.request.get(path)).text())![1]!.split(" ");
      expect(modules.map((module) => module.href)).toEqual(listed);
      expect(modules.map((module) => module.ranBefore)).toEqual(listed.map((_, index) => index));
      await expect(page.locator("header button[aria-expanded]")).toBeVisible();
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      // The first input applied the full stylesheets.
      expect(await page.evaluate(() => [...document.querySelectorAll("link[data-deferred-stylesheet]")].map((link) => (link as HTMLLinkElement).media))).toEqual([
        "all",
        "all",
      ]);
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Fees" }).click();
      await expect(page).toHaveURL(/\/fees$/);
      await expect(page.locator("h1")).toBeVisible();
      expect(problems).toEqual([]);
    });
  }
});

/** The viewport as painted with the page's inline CSS alone: no stylesheet, no script has arrived. */
async function firstPaint(page: Page, path: string) {
  await page.route(/\/assets\/.*\.(css|js)$/, (route) => route.abort());
  await page.goto(path);
  const shot = await page.screenshot({ animations: "disabled" });
  await page.unroute(/\/assets\/.*\.(css|js)$/);
  return shot;
}

/** The viewport once the page has hydrated and every stylesheet is applied. */
async function afterLoad(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
  // A key the page does nothing with: the first input applies the stylesheets.
  await page.keyboard.press("Shift");
  await page.evaluate(async () => {
    await Promise.all(
      [...document.querySelectorAll<HTMLLinkElement>("link[data-deferred-stylesheet]")].map((link) =>
        link.sheet ? undefined : new Promise((resolve) => link.addEventListener("load", resolve)),
      ),
    );
  });
  expect(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[data-deferred-stylesheet]")].every((link) => link.media === "all"))).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ animations: "disabled" });
}

/**
 * Pixels that differ between two screenshots by more than a rounding of colour (gradients are
 * dithered anew for each paint), compared in a blank page's canvas.
 */
async function differingPixels(page: Page, a: Buffer, b: Buffer) {
  await page.goto("about:blank");
  return page.evaluate(async ([first, second]) => {
    const load = (source: string) =>
      new Promise<HTMLImageElement>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve(image);
        image.onerror = reject;
        image.src = source;
      });
    const pixels = (image: HTMLImageElement) => {
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    const [x, y] = await Promise.all([load(first!), load(second!)]);
    if (x.width !== y.width || x.height !== y.height) return Infinity;
    const [p, q] = [pixels(x), pixels(y)];
    let differing = 0;
    for (let index = 0; index < p.length; index += 4) {
      const delta = Math.max(Math.abs(p[index]! - q[index]!), Math.abs(p[index + 1]! - q[index + 1]!), Math.abs(p[index + 2]! - q[index + 2]!));
      if (delta > 8) differing += 1;
    }
    return differing;
  }, [`data:image/png;base64,${a.toString("base64")}`, `data:image/png;base64,${b.toString("base64")}`]);
}

test.describe("[PERFORMANCE][FIRST PAINT] no flash", () => {
  for (const viewport of viewports) {
    for (const path of publicPages) {
      test(`${path} at ${viewport.width} px: the first paint is what the loaded page shows above the fold`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
        const page = await context.newPage();
        const before = await firstPaint(page, path);
        const after = await afterLoad(page, path);
        const differing = await differingPixels(page, before, after);
        await context.close();
        expect(differing, `${path} at ${viewport.width} px: pixels that differ before and after the stylesheets`).toBe(0);
      });
    }
  }
});
