import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, workerBaseUrl } from "./support/fixtures";
import { publicPages as allPublicPages, sitemapPagePaths } from "../../app/features/seo/public-pages.js";
import { buildHeadScript } from "../../scripts/support/head-scripts.js";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage } from "../../scripts/support/landing-page.js";
import { ADMIN } from "./support/accounts";
import { en } from "../../app/features/admin-i18n/catalogue/en";
import { ru } from "../../app/features/admin-i18n/catalogue/ru";

// Reads the client build's route manifest: what each public page makes the browser download.
const clientDirectory = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const BUDGET_BYTES = 120 * 1024;

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
}

function readManifest(): Manifest {
  const assets = path.join(clientDirectory, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

function chunksOf(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const chunk of route.imports ?? []) files.add(chunk);
  }
  return [...files];
}

const read = (url: string) => fs.readFileSync(path.join(clientDirectory, url));
// Every public route shares most of its chunks with the others: each chunk is read and gzipped
// once for all of them (gzip at level 9 of the same chunks for each of the hundreds of routes
// was most of this file's time).
const sources = new Map<string, string>();
const gzippedSizes = new Map<string, number>();
const sourceOf = (url: string) => sources.get(url) ?? sources.set(url, read(url).toString("utf8")).get(url)!;
const gzippedSizeOf = (url: string) =>
  gzippedSizes.get(url) ?? gzippedSizes.set(url, zlib.gzipSync(read(url), { level: 9 }).length).get(url)!;

// The statistics' tracking script, which every public page loads after hydrating (served as /visit.js).
const STATISTICS_SCRIPT_BROTLI_BUDGET = 1536;
let statisticsScript = "";
// The head's inline scripts (cookie consent, mobile menu): the server writes them into the HTML,
// and hydration keeps them, so no bundle carries their text.
let inlineHeadScripts: string[] = [];

// The dashboard's message catalogue, in both languages (as written and as a bundler escapes it):
// a public page ships none of it.
const escaped = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) > 127 ? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}` : char)).join("");
const dashboardMessages = [en.shell.title, en.language.label, ru.shell.title, ru.language.label].flatMap((text) => [
  text,
  escaped(text),
  escaped(text).toUpperCase().replaceAll("\\U", "\\u"),
]);

/**
 * What of the dashboard's code a chunk holds, as readable findings (none for a public chunk).
 * Most chunks are shared by hundreds of public routes (one per page and locale): each is read
 * once, its findings kept for the others.
 */
const findings = new Map<string, string[]>();
function adminCodeIn(url: string): string[] {
  const known = findings.get(url);
  if (known) return known;
  const source = sourceOf(url);
  const found: string[] = [];
  if (/admin|quill/i.test(url)) found.push(`${url} is named as admin code`);
  if (/ql-editor|quill/i.test(source)) found.push(`${url} contains Quill`);
  if (dashboardMessages.some((marker) => source.includes(marker))) found.push(`${url} contains the dashboard's messages`);
  if (/better-auth|\/api\/auth\//.test(source)) found.push(`${url} contains the auth client`);
  if (inlineHeadScripts.some((script) => source.includes(script.trim().slice(0, 60)))) found.push(`${url} contains an inline head script`);
  findings.set(url, found);
  return found;
}

test.describe("[PERFORMANCE][JS BUDGET]", () => {
  const manifest = readManifest();
  const publicRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/_public"));

  test.beforeAll(async () => {
    statisticsScript = (await buildHeadScript(path.resolve("app/features/statistics/tracker.head.ts"))).code;
    inlineHeadScripts = await Promise.all(
      ["app/components/site/cookie-consent.head.ts", "app/components/site/mobile-menu-script.head.ts"].map(
        async (file) => (await buildHeadScript(path.resolve(file))).code,
      ),
    );
  });

  test("the statistics script adds at most 1.5 KB brotli", () => {
    const compressed = zlib.brotliCompressSync(statisticsScript, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(compressed, `${compressed} bytes`).toBeLessThanOrEqual(STATISTICS_SCRIPT_BROTLI_BUDGET);
  });

  test("the manifest lists the public routes", () => {
    expect(publicRoutes.length).toBeGreaterThanOrEqual(allPublicPages.length);
  });

  for (const routeId of publicRoutes) {
    test(`${routeId} ships at most 120 KB of gzipped JavaScript (with the statistics script) and no admin code`, () => {
      const chunks = chunksOf(manifest, routeId);
      const gzipped = chunks.reduce((sum, url) => sum + gzippedSizeOf(url), 0) + zlib.gzipSync(statisticsScript, { level: 9 }).length;
      expect(gzipped, `${routeId}: ${chunks.join(", ")}`).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(chunks.flatMap(adminCodeIn)).toEqual([]);
    });
  }
});

// The route manifest cannot see what a page imports lazily (a landing page's blocks): a landing
// page with every block is walked in the browser, counting every script it downloads.
test.describe("[PERFORMANCE][JS BUDGET] a landing page with every block", () => {
  test.beforeAll(async () => {
    statisticsScript ||= (await buildHeadScript(path.resolve("app/features/statistics/tracker.head.ts"))).code;
  });

  test("downloads at most 120 KB of gzipped JavaScript (with the statistics script) and no admin code", async ({ page, baseURL }) => {
    const path = await ensureEveryBlockPage(baseURL!, { account: ADMIN });
    const scripts = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      // The statistics script is counted from its source below, as for every route.
      if (url.origin === new URL(baseURL!).origin && url.pathname !== "/visit.js" && response.request().resourceType() === "script")
        scripts.set(url.pathname, response.body());
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Gifts that arrive in seconds" })).toBeVisible();
    // Hydrated, and every script the page asked for has arrived.
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all([...scripts].map(async ([url, body]) => [url, await body] as const));
    const gzipped =
      bodies.reduce((sum, [, body]) => sum + zlib.gzipSync(body, { level: 9 }).length, 0) +
      zlib.gzipSync(statisticsScript, { level: 9 }).length;
    test.info().annotations.push({ type: "gzipped JavaScript", description: `${gzipped} bytes` });
    expect(gzipped, `${path}: ${bodies.map(([url]) => url).join(", ")}`).toBeLessThanOrEqual(BUDGET_BYTES);
    for (const [url, body] of bodies) {
      expect(url).not.toMatch(/admin|quill/i);
      for (const marker of dashboardMessages)
        expect(body.toString("utf8"), `${url} contains the dashboard's messages`).not.toContain(marker);
    }
  });
});

// What a cached page's first paint waits for besides its HTML: the inline critical CSS (every
// stylesheet link is deferred, see tests/e2e/public/first-paint.spec.ts), measured as sent to
// browsers, brotli-compressed (the page cache's quality 10).
const CSS_BUDGET_BYTES = 8 * 1024;
// The fixed pages and a landing page with every block.
const publicPages = [...sitemapPagePaths, EVERY_BLOCK_PATH];

test.describe("[PERFORMANCE][CSS BUDGET]", () => {
  test.beforeAll(() => ensureEveryBlockPage(workerBaseUrl(), { account: ADMIN }));

  for (const path of publicPages) {
    test(`${path}: render-blocking CSS at most 8 KB compressed, icons below the first screen left out`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      for (const link of head.replace(/<noscript>[\s\S]*?<\/noscript>/g, "").match(/<link rel="stylesheet"[^>]*>/g) ?? [])
        expect(link, "a render-blocking stylesheet").toContain('media="print"');
      const inline = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
      const compressed = zlib.brotliCompressSync(inline, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }).length;
      expect(compressed, `${path}: ${compressed} bytes compressed`).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
      // A handful of line icons are on the first screen, never all of them.
      expect((inline.match(/\.(glyph|social)-[\w-]+\{/g) ?? []).length).toBeLessThanOrEqual(14);
    });
  }
});
