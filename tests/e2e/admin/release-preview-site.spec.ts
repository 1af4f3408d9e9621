import { expect, request as playwrightRequest, test, workerBaseUrl, type APIRequestContext, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { postForm, saveSetting } from "../support/dashboard";
import { previewHref } from "../../../app/features/releases/preview/preview";
import { PREVIEW_FORM_NOT_SENT } from "../../../app/features/releases/preview/form-not-sent";

// A release's preview behaves like the site: hydrated, its scripts running, and every address
// answered as the release leaves it (release-preview.spec.ts covers opening, leaving and links).
const STAMP = Date.now().toString(36);
const STAGED = `Staged Wallet Site ${STAMP}`;
const RELEASE = `Проверка сайта ${STAMP}`;
/** A live redirect the release deletes, one it re-aims, and one it creates. */
const DROPPED = `/e2e-dropped-${STAMP}`;
const REAIMED = `/e2e-reaimed-${STAMP}`;
const CREATED = `/e2e-created-${STAMP}`;

let releaseId = 0;

const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);
const questions = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("button");
const cookieBanner = (page: Page) => page.getByRole("region", { name: "We use cookies" });

async function adminApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: workerBaseUrl(), storageState: adminStorageState });
}

/** What a visitor (no session, no preview cookie) is answered at an address. */
async function visitorAnswer(path: string) {
  const visitor = await playwrightRequest.newContext({ baseURL: workerBaseUrl() });
  try {
    const answer = await visitor.get(path, { maxRedirects: 0 });
    return { status: answer.status(), location: answer.headers().location ?? null };
  } finally {
    await visitor.dispose();
  }
}

/** Marks the document, so that a later check can tell a navigation by the router from a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { previewMark: number }).previewMark = 1));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { previewMark?: number }).previewMark === 1);

/** Follows a link of the page to `href`, as a visitor clicks one (the router takes it). */
async function followLink(page: Page, href: string) {
  await page.evaluate((to) => {
    document.getElementById("test-link")?.remove();
    const link = document.createElement("a");
    link.href = to;
    link.textContent = "Test link";
    link.id = "test-link";
    document.querySelector("main")!.append(link);
  }, href);
  await page.locator("#test-link").click();
}

/** The answers a preview gives the three staged redirects: by page load, then by a link the router follows. */
async function expectStagedRedirects(page: Page) {
  const dropped = await page.goto(DROPPED);
  expect(dropped?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.goto(REAIMED);
  await expect(page).toHaveURL(/\/faq$/);
  await page.goto(CREATED);
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);

  await hydrated(page);
  await markDocument(page);
  await followLink(page, REAIMED);
  await expect(page).toHaveURL(/\/faq$/);
  await followLink(page, CREATED);
  await expect(page).toHaveURL(/\/business$/);
  await followLink(page, DROPPED);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
  expect(await sameDocument(page)).toBe(true);
}

test.describe("[ADMIN][RELEASES] a preview behaves like the site", () => {
  test.use({ storageState: adminStorageState });

  test.beforeAll(async ({ browser }) => {
    const base = workerBaseUrl();
    const context = await browser.newContext({ baseURL: base, storageState: adminStorageState });
    const api = context.request;
    for (const [fromPath, status] of [
      [DROPPED, 302],
      [REAIMED, 301],
    ] as const) {
      const made = await postForm(api, base, "/admin/other/redirects", { intent: "create-redirect", fromPath, toPath: "/fees", status });
      expect(made.status()).toBe(200);
    }
    const page = await context.newPage();
    await page.goto("/admin/other/redirects");
    const idOf = (fromPath: string) => page.getByRole("row").filter({ hasText: fromPath }).locator('input[name="id"]').inputValue();
    const [droppedId, reaimedId] = [await idOf(DROPPED), await idOf(REAIMED)];

    // A release that stages a footer text and the three redirect changes, then back to live editing.
    const created = await api.post("/admin/other/releases", {
      headers: { Origin: base },
      form: { intent: "create-release", name: RELEASE },
      maxRedirects: 0,
    });
    releaseId = Number(/\/releases\/(\d+)/.exec(created.headers().location ?? "")?.[1]);
    expect(releaseId).toBeGreaterThan(0);
    await saveSetting(api, base, "company_name", STAGED);
    const staged: Record<string, string | number>[] = [
      { intent: "delete-redirect", id: droppedId },
      { intent: "update-redirect", id: reaimedId, fromPath: REAIMED, toPath: "/faq", status: 302 },
      { intent: "create-redirect", fromPath: CREATED, toPath: "/business", status: 301 },
    ];
    for (const fields of staged) expect((await postForm(api, base, "/admin/other/redirects", fields)).status()).toBe(200);
    expect((await postForm(api, base, "/admin/other/releases", { intent: "go-live" })).status()).toBe(200);
    await context.close();
  });

  test.afterAll(async () => {
    const api = await adminApi();
    await postForm(api, workerBaseUrl(), `/admin/other/releases/${releaseId}`, { intent: "cancel-release" });
    await api.dispose();
  });

  test("the contact form says a message is not sent from a preview, instead of an error", async ({ page }) => {
    await page.goto(previewHref(releaseId, "/contact"));
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    await hydrated(page);
    await page.locator("#contact-name").fill("Reviewer");
    await page.locator("#contact-email").fill("reviewer@example.com");
    await page.locator("#contact-subject").selectOption("General Inquiry");
    await page.locator("#contact-message").fill("Checking the release before it goes live.");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: /send/i }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByText(PREVIEW_FORM_NOT_SENT)).toBeVisible();
    // What was typed stays, as after a refused message.
    await expect(page.locator("#contact-message")).toHaveValue("Checking the release before it goes live.");
  });

  test("hydrated at phone width: the FAQ search filters, the menu opens, the cookie banner is accepted; private, no-store, noindex", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const answer = await page.goto(previewHref(releaseId, "/faq"));
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    await expect(page.locator("footer")).toContainText(STAGED);
    await hydrated(page);
    await markDocument(page);

    // The FAQ's search, React's own.
    await page.getByRole("searchbox", { name: "Search the FAQ" }).fill("VIRTUAL CARD");
    await expect(questions(page)).toHaveText([/^How do I get a virtual card\?/]);

    // The cookie banner: accepted, stored, and gone (React removes it).
    await cookieBanner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBe("accepted");

    // The mobile menu opens, closes with Escape, and its links change page by the router.
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobile.getByRole("link", { name: "Fees" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/fees.data");
    await mobile.getByRole("link", { name: "Fees" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    const headers = (await data).headers();
    expect([headers["cache-control"], headers["x-robots-tag"]]).toEqual(["private, no-store", "noindex"]);
    await expect(mobile).toBeHidden();
    expect(await sameDocument(page)).toBe(true);
    // Still the preview, the staged text with it.
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    await expect(page.locator("footer")).toContainText(STAGED);
  });

  test("answers redirects as the release leaves them: in the administrator's preview and a reviewer's, never to a visitor", async ({
    page,
    browser,
  }) => {
    await page.goto(previewHref(releaseId, "/"));
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    await expectStagedRedirects(page);

    const api = await adminApi();
    const link = await postForm(api, workerBaseUrl(), "/admin/preview/links", { intent: "create-review-link", releaseId });
    const { url } = (await link.json()) as { url: string };
    await api.dispose();
    const reviewer = await browser.newContext({ storageState: undefined });
    const reviewerPage = await reviewer.newPage();
    await reviewerPage.goto(url);
    await expect(reviewerPage.getByTestId("preview-banner")).toContainText("только просмотр");
    await expectStagedRedirects(reviewerPage);
    await reviewer.close();

    // Visitors keep the live redirects until the release is published.
    expect(await visitorAnswer(DROPPED)).toEqual({ status: 302, location: "/fees" });
    expect(await visitorAnswer(REAIMED)).toEqual({ status: 301, location: "/fees" });
    expect((await visitorAnswer(CREATED)).status).toBe(404);
  });

  test("beside an editor, the framed preview follows typing and stays hydrated", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto("/admin/settings/contact");
    await page.getByTestId("live-preview-toggle").click();
    const frame = page.frameLocator('iframe[title="Предпросмотр сайта"]');
    await expect(frame.getByTestId("preview-banner")).toBeVisible();
    const typed = `Typed Site ${STAMP}`;
    const field = page.getByRole("textbox", { name: "Company Name" });
    await field.fill("");
    await field.pressSequentially(typed);
    await expect(frame.locator("footer")).toContainText(typed);
    await expect(page.getByTestId("live-preview")).toContainText(/Обновлено за \d+ мс/);
    // The page in the frame (phone width) is still React's: its menu opens and closes with Escape.
    const mobile = frame.getByRole("navigation", { name: "Mobile" });
    await frame.getByRole("button", { name: "Open menu" }).click();
    await expect(mobile.getByRole("link", { name: "Fees" })).toBeVisible();
    await frame.getByRole("button", { name: "Close menu" }).press("Escape");
    await expect(mobile).toBeHidden();
    // A page opened in the frame by its link shows the typed text too.
    await frame.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "Fees" }).click();
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Simple, transparent pricing");
    await expect(frame.locator("footer")).toContainText(typed);
  });
});
