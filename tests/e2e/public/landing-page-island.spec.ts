import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { ADMIN, adminStorageState } from "../support/accounts";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage, everyBlock, publishLandingPage } from "../../../scripts/support/landing-page.js";

// A landing page's blocks are a static island: the document keeps the server's DOM of them and
// never downloads their code; a page the browser renders itself (after a client-side navigation,
// or a revalidation that changed it) loads them.
const blockChunk = /\/assets\/landing-page-[\w-]+\.js$/;

interface RouterWindow {
  __reactRouterDataRouter: { revalidate(): Promise<void>; state: { revalidation: string } };
}

/** Opens `path` and waits until the document has hydrated; answers the block chunks it fetched. */
async function openHydrated(page: Page, path: string) {
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (blockChunk.test(new URL(request.url()).pathname)) chunks.push(request.url());
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
  // What the server rendered, marked: a node React replaced would lose the mark.
  await page.locator("main section").first().evaluate((section) => section.setAttribute("data-server-node", ""));
  // Client-side navigations keep this; a full document load would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return { chunks, errors };
}

const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

test.describe("[PUBLIC][LANDING] a landing page's blocks hydrate without their code", () => {
  // long-function: one visitor's journey through one document, whose marker each step checks
  test("hydrating keeps the server's DOM; navigations render the blocks; a revalidation keeps or replaces them", async ({
    page,
    baseURL,
    playwright,
  }) => {
    await ensureEveryBlockPage(baseURL!, { account: ADMIN });
    // A second page whose call to action leads to the every-block page.
    const second = `/island-${Date.now()}`;
    const cta = { ...everyBlock()[10]!, data: { ...everyBlock()[10]!.data, buttonUrl: EVERY_BLOCK_PATH } };
    const { id } = await publishLandingPage(baseURL!, second, [everyBlock()[0]!, cta, everyBlock()[11]!], { account: ADMIN });

    const { chunks, errors } = await openHydrated(page, EVERY_BLOCK_PATH);
    expect(chunks, "the blocks' code is not fetched to hydrate").toEqual([]);
    expect(errors, "no hydration error").toEqual([]);
    const island = page.locator("[data-landing-page]");
    await expect(island.locator("> *")).toHaveCount(12);
    await expect(island.locator("[data-server-node]")).toHaveCount(1);
    // FAQ answers are native <details>: they open with no script of the blocks.
    await page.getByText("When does the card arrive?").click();
    await expect(page.getByText("Within a minute of payment.")).toBeVisible();

    // A revalidation answering the same page keeps the server's DOM.
    await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.revalidate());
    await expect(island.locator("[data-server-node]")).toHaveCount(1);
    expect(chunks).toEqual([]);

    // Landing page to landing page and back, the route's component staying mounted: the page
    // left behind is rendered by the browser on the way back (its server DOM is gone).
    await page.evaluate((path) => {
      const link = Object.assign(document.createElement("a"), { href: path, textContent: "second" });
      document.querySelector("main")!.append(link);
      link.click();
    }, second);
    await expect(page).toHaveURL(new RegExp(`${second}$`));
    await expect(island.locator("> *")).toHaveCount(3);
    expect(chunks.length, "rendered by the browser, with the blocks' code").toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${EVERY_BLOCK_PATH}$`));
    await expect(island.locator("> *")).toHaveCount(12);
    await page.goForward();
    await expect(island.locator("> *")).toHaveCount(3);
    await island.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(new RegExp(`${EVERY_BLOCK_PATH}$`));
    await expect(island.locator("> *")).toHaveCount(12);

    // The island's links are taken by the router: to a fixed page and back, in one document.
    await island.getByRole("link", { name: "See the fees" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    await expect(page.locator("[data-landing-page]")).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${EVERY_BLOCK_PATH}$`));
    await expect(island.locator("> *")).toHaveCount(12);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gifts that arrive in seconds");
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);

    // Hydrated on the second page, a revalidation that changes it shows the change.
    const fresh = await openHydrated(page, second);
    await expect(island.locator("[data-server-node]")).toHaveCount(1);
    const changed = { ...cta, data: { ...cta.data, title: "A changed call to action" } };
    const admin = await playwright.request.newContext({ baseURL, storageState: adminStorageState });
    const saved = await admin.post("/admin/other/pages", {
      headers: { Origin: baseURL! },
      form: {
        intent: "save-page",
        id: String(id),
        title: "Gift season",
        path: second,
        blocks: JSON.stringify([everyBlock()[0], changed, everyBlock()[11]]),
        seo: JSON.stringify({ title: "", description: "", canonical: "", ogImage: "", noindex: false }),
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBeLessThan(400);
    await admin.dispose();
    await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.revalidate());
    await expect(page.getByRole("heading", { name: "A changed call to action" })).toBeVisible();
    await expect(island.locator("> *")).toHaveCount(3);
    expect(fresh.chunks.length).toBe(1);
    expect(fresh.errors).toEqual([]);
  });
});

test("[PUBLIC][LANDING] the blocks are written in place, before the footer, and show without JavaScript", async ({ browser, baseURL, request }) => {
  await ensureEveryBlockPage(baseURL!, { account: ADMIN });
  const html = await (await request.get(EVERY_BLOCK_PATH)).text();
  // Not a Suspense boundary moved in by a script after the footer (a layout shift, and nothing without JavaScript).
  expect(html.indexOf("data-landing-page")).toBeGreaterThan(0);
  expect(html.indexOf("data-landing-page")).toBeLessThan(html.indexOf("<footer"));
  expect(html).not.toContain("$RC");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(EVERY_BLOCK_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Gifts that arrive in seconds" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Important information" })).toBeVisible();
  await context.close();
});

test.describe("[PERFORMANCE][IMAGES] a landing page's block images", () => {
  test("carry their recorded size and WebP copies, rendered by the server and by the browser", async ({ page, baseURL, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL, storageState: adminStorageState });
    const upload = async (width: number, height: number, colour: string) => {
      const bytes = await sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
      const response = await admin.post("/admin/page-image", {
        headers: { Origin: baseURL!, "content-type": "application/octet-stream" },
        data: bytes,
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };
    const [heroUrl, sideUrl] = [await upload(1400, 700, "#4f46e5"), await upload(900, 600, "#0f766e")];
    await admin.dispose();
    const [hero, , textImage] = everyBlock();
    const path = `/images-${Date.now()}`;
    await publishLandingPage(
      baseURL!,
      path,
      [
        { ...hero!, data: { ...hero!.data, image: { src: heroUrl, alt: "A gift card", decorative: false } } },
        { ...textImage!, data: { ...textImage!.data, image: { src: sideUrl, alt: "", decorative: true } } },
        everyBlock()[11]!,
      ],
      { account: ADMIN },
    );

    const expectImages = async () => {
      const heroImage = page.locator(`img[src="${heroUrl}"]`);
      await expect(heroImage).toHaveAttribute("width", "1400");
      await expect(heroImage).toHaveAttribute("height", "700");
      await expect(heroImage).toHaveAttribute("fetchpriority", "high");
      const heroSet = (await heroImage.getAttribute("srcset")) ?? "";
      expect(heroSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1400w"]);
      expect(heroSet).toMatch(/-w320\.webp 320w/);
      const sideImage = page.locator(`img[src="${sideUrl}"]`);
      await expect(sideImage).toHaveAttribute("width", "900");
      await expect(sideImage).toHaveAttribute("height", "600");
      await expect(sideImage).toHaveAttribute("srcset", /-w640\.webp 640w/);
      await expect(sideImage).toHaveAttribute("loading", "lazy");
    };
    // The server's rendering (the document, kept as it is by hydration) ...
    await page.goto(path);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expectImages();
    // ... and the browser's, after a client-side navigation back to the page.
    await page.locator("[data-landing-page]").getByRole("link", { name: "See the fees" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    await page.goBack();
    await expect(page.locator("[data-landing-page] > *")).toHaveCount(3);
    await expectImages();
  });
});

test("[PUBLIC][LANDING] blocks below the first screen are rendered only as the visitor nears them", async ({ page, baseURL }) => {
  await ensureEveryBlockPage(baseURL!, { account: ADMIN });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(EVERY_BLOCK_PATH);
  const sections = page.locator("[data-landing-page] > *");
  await expect(sections).toHaveCount(12);
  // A block's contents are skipped (content-visibility: auto): no style, layout or paint spent on them yet.
  const rendered = () =>
    sections.evaluateAll((elements) => elements.map((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })));
  await expect.poll(async () => (await rendered()).at(0)).toBe(true);
  expect((await rendered()).slice(-6), "the last six blocks, a few screens down").toEqual(Array<boolean>(6).fill(false));
  // The last block is rendered once scrolled to, and the page keeps every block's text for search and find-in-page.
  await sections.last().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await rendered()).at(-1)).toBe(true);
  await expect(page.getByText("Within a minute of payment.", { exact: true })).toHaveCount(1);
});
