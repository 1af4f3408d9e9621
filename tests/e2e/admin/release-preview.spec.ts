import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, workerBaseUrl, type APIRequestContext, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { postForm, saveSetting } from "../support/dashboard";

// A value only the release holds: shown in every page's footer once published, never before.
const STAGED = `Staged Wallet Ltd ${Date.now().toString(36)}`;
const RELEASE = `Предпросмотр ${Date.now().toString(36)}`;

let releaseId = 0;

async function adminApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: workerBaseUrl(), storageState: adminStorageState });
}

/**
 * axe on one part of a page: the preview's banner (a preview is the server's rendering alone,
 * without the reveal script the shared helper waits for), or the dashboard without the site in its
 * frame (the public pages have their own axe runs; their landmarks would be counted with the dashboard's).
 */
async function expectNoAxeViolationsIn(page: Page, selector: string, exclude?: string) {
  let builder = new AxeBuilder({ page }).include(selector);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("[ADMIN][RELEASES] preview", () => {
  test.use({ storageState: adminStorageState });

  test.beforeAll(async () => {
    const api = await adminApi();
    const base = workerBaseUrl();
    // A new release (the administrator drafts into it), one staged setting, then back to live editing.
    const created = await api.post("/admin/other/releases", {
      headers: { Origin: base },
      form: { intent: "create-release", name: RELEASE },
      maxRedirects: 0,
    });
    releaseId = Number(/\/releases\/(\d+)/.exec(created.headers().location ?? "")?.[1]);
    expect(releaseId).toBeGreaterThan(0);
    await saveSetting(api, base, "company_name", STAGED);
    expect((await postForm(api, base, "/admin/other/releases", { intent: "go-live" })).status()).toBe(200);
    await api.dispose();
  });

  test.afterAll(async () => {
    const api = await adminApi();
    await postForm(api, workerBaseUrl(), `/admin/other/releases/${releaseId}`, { intent: "cancel-release" });
    await api.dispose();
  });

  test("shows the whole site with the release at phone width, under its banner, and never to a visitor", async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const answer = await page.goto(`/admin/preview?release=${releaseId}&path=/fees`);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page).toHaveURL(/\/fees$/);
    const banner = page.getByTestId("preview-banner");
    await expect(banner).toContainText(RELEASE);
    await expect(banner.getByRole("link", { name: "Выйти из предпросмотра" })).toBeVisible();
    await expect(page.locator("footer")).toContainText(STAGED);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoAxeViolationsIn(page, '[data-testid="preview-banner"]');

    // A visitor, at the same moment, sees the live site.
    const visitor = await browser.newContext({ storageState: undefined });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/fees");
    await expect(visitorPage.locator("footer")).toBeVisible();
    await expect(visitorPage.locator("body")).not.toContainText(STAGED);
    await expect(visitorPage.getByTestId("preview-banner")).toHaveCount(0);
    await visitor.close();

    // One click leaves the preview, back to the release.
    await banner.getByRole("link", { name: "Выйти из предпросмотра" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/other/releases/${releaseId}$`));
    await page.goto("/fees");
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(STAGED);
  });

  test("follows what is typed in an editor before it is saved", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto("/admin/settings/contact");
    await page.getByTestId("live-preview-toggle").click();
    const frame = page.frameLocator('iframe[title="Предпросмотр сайта"]');
    await expect(frame.getByTestId("preview-banner")).toBeVisible();
    const typed = `Typed ${Date.now().toString(36)}`;
    const field = page.getByRole("textbox", { name: "Company Name" });
    await field.fill("");
    await field.pressSequentially(typed);
    await expect(frame.locator("footer")).toContainText(typed);
    await expect(page.getByTestId("live-preview")).toContainText(/Обновлено за \d+ мс/);
    await page.getByRole("button", { name: "Компьютер" }).click();
    await expectNoAxeViolationsIn(page, "body", "iframe");
    // Nothing was saved: the live site still has its own value.
    const visitor = await playwrightRequest.newContext({ baseURL: workerBaseUrl() });
    expect(await (await visitor.get("/")).text()).not.toContain(typed);
    await visitor.dispose();
  });

  test("opens a reviewer link without an account, and refuses it once revoked", async ({ browser }) => {
    const api = await adminApi();
    const created = await postForm(api, workerBaseUrl(), "/admin/preview/links", { intent: "create-review-link", releaseId });
    const { url } = (await created.json()) as { url: string };
    const reviewer = await browser.newContext({ storageState: undefined });
    const page = await reviewer.newPage();
    await page.goto(url);
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    await expect(page.getByTestId("preview-banner")).toContainText("только просмотр");
    await expect(page.locator("footer")).toContainText(STAGED);

    const links = (await (await api.get(`/admin/preview/links?release=${releaseId}`)).json()) as {
      links: { id: number; openCount: number }[];
    };
    expect(links.links[0]!.openCount).toBe(1);
    await postForm(api, workerBaseUrl(), "/admin/preview/links", { intent: "revoke-review-link", releaseId, linkId: links.links[0]!.id });

    // The reviewer looking at the site is turned away at the next page, and the link no longer opens.
    await page.goto("/faq");
    await expect(page.getByTestId("preview-refused")).toContainText("Ссылку отозвали");
    const again = await page.goto(url);
    expect(again?.status()).toBe(410);
    await expect(page.getByTestId("preview-refused")).toContainText("Ссылка для проверки недействительна");
    await reviewer.close();
    await api.dispose();
  });
});
