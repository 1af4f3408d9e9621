import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, test, workerBaseUrl, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast, postForm } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";
import { previewHref } from "../../../app/features/releases/preview/preview";

const STAMP = Date.now().toString(36);
const PATH = `/e2e-staged-${STAMP}`;
const RELEASE = `Кампания ${STAMP}`;
const HERO = `Staged campaign ${STAMP}`;
/** A live redirect the release deletes. */
const OLD = `/e2e-old-offer-${STAMP}`;

/** What a visitor (no session, no preview cookie) is answered at an address. */
async function visitorGet(path: string) {
  const visitor = await playwrightRequest.newContext({ baseURL: workerBaseUrl() });
  try {
    const answer = await visitor.get(path, { maxRedirects: 0 });
    return { status: answer.status(), text: await answer.text() };
  } finally {
    await visitor.dispose();
  }
}

/** axe on the preview's banner: a preview is the server's rendering alone (see release-preview.spec.ts). */
async function expectNoAxeViolationsIn(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("[ADMIN][PAGES] a landing page through a release", () => {
  test.use({ storageState: adminStorageState });

  let releaseId = 0;

  test.afterAll(async () => {
    // Whatever happened, the administrator of this worker edits the live site again.
    const api = await playwrightRequest.newContext({ baseURL: workerBaseUrl(), storageState: adminStorageState });
    if (releaseId) await postForm(api, workerBaseUrl(), `/admin/other/releases/${releaseId}`, { intent: "cancel-release" });
    await postForm(api, workerBaseUrl(), "/admin/other/releases", { intent: "go-live" });
    await api.dispose();
  });

  // long-function: one flow, each step building on what the one before staged
  test("a page made and a redirect deleted in a release: visitors see neither, the release's preview both, everyone once it is published", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const made = await postForm(page.request, workerBaseUrl(), "/admin/other/redirects", {
      intent: "create-redirect",
      fromPath: OLD,
      toPath: "/fees",
      status: 302,
    });
    expect(made.status()).toBe(200);
    expect((await visitorGet(OLD)).status).toBe(302);
    await page.goto("/admin/other/releases");
    await page.getByLabel("Название выпуска").fill(RELEASE);
    await page.getByRole("button", { name: "Создать и открыть" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/releases\/\d+$/);
    releaseId = Number(/\/releases\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId("drafting-mode")).toContainText(`Черновик: ${RELEASE}`);

    // A new page, its hero edited, published: all of it staged in the release.
    await page.goto("/admin/other/pages");
    await page.getByLabel("Название").fill("E2E staged campaign");
    await page.getByLabel("Адрес").fill(PATH);
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/pages\?page=\d+/);
    const pageId = Number(new URL(page.url()).searchParams.get("page"));
    // The hero comes first; its card opens on a click.
    await page.getByRole("list", { name: "Блоки страницы" }).locator("[aria-expanded]").first().click();
    const heroTitle = page.locator(`[id^="blocks."][id$=".title"]`).first();
    await heroTitle.fill(HERO);
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/other/pages"),
    );
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    expect((await posted).status()).toBe(200);
    await expectToast(page, "Сохранено", { failure: false });
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    await expect(page.getByTestId("drafting-mode")).toContainText(`Черновик: ${RELEASE}`);
    await expectNoAxeViolations(page, "the page editor inside a release");

    // The live redirect is deleted in the release too.
    await page.goto("/admin/other/redirects");
    await page.getByRole("button", { name: `Удалить переадресацию ${OLD}` }).click();
    await expectToast(page, "Готово", { description: "Переадресация удалена", failure: false });
    // The list shows the redirects as the release leaves them, and names the live one it deletes.
    await expect(page.getByRole("button", { name: `Удалить переадресацию ${OLD}` })).toHaveCount(0);
    await expect(page.getByTestId("redirects-removed-in-release")).toContainText(OLD);
    await expectNoAxeViolations(page, "the redirects list inside a release");

    // A visitor still finds no page there, and is still redirected from the old address.
    const before = await visitorGet(PATH);
    expect(before.status).toBe(404);
    expect(before.text).not.toContain(HERO);
    expect((await visitorGet(OLD)).status).toBe(302);

    // The release lists the staged page; its preview shows it under the banner.
    await page.goto(`/admin/other/releases/${releaseId}`);
    await expect(page.getByTestId("release-change").filter({ hasText: `page:` })).toHaveCount(1);
    await expectNoAxeViolations(page, "the release with a staged page");
    const opened = await page.goto(previewHref(releaseId, PATH));
    expect(opened?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    const banner = page.getByTestId("preview-banner");
    await expect(banner).toContainText(RELEASE);
    await expect(page.getByRole("heading", { name: HERO })).toBeVisible();
    await expectNoAxeViolationsIn(page, '[data-testid="preview-banner"]');
    expect((await visitorGet(PATH)).status).toBe(404);
    // The preview answers the old address as the release will: no redirect any more.
    const gone = await page.goto(OLD);
    expect(gone?.status()).toBe(404);
    await expect(page).toHaveURL(new RegExp(`${OLD}$`));
    await expect(page.getByTestId("preview-banner")).toContainText(RELEASE);
    expect((await visitorGet(OLD)).status).toBe(302);

    // Out of the preview, back to the release: published now, the page is live for everyone.
    await banner.getByRole("link", { name: "Выйти из предпросмотра" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/other/releases/${releaseId}$`));
    await page.getByRole("button", { name: "Опубликовать сейчас" }).click();
    await expect(page.getByTestId("release-state")).toHaveText("Опубликован");
    await expectToast(page, "Готово", { description: "Выпуск опубликован", failure: false });
    await expect.poll(async () => (await visitorGet(PATH)).status).toBe(200);
    expect((await visitorGet(PATH)).text).toContain(HERO);
    expect((await visitorGet(OLD)).status).toBe(404);
    await page.goto(PATH);
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: HERO })).toBeVisible();
    await expectNoAxeViolations(page, "the landing page published by the release");

    // Deleted again, live (the published release left drafting), so the worker's other specs see no extra page.
    await page.goto(`/admin/other/pages?page=${pageId}`);
    await expect(page.getByTestId("drafting-mode")).not.toContainText(RELEASE);
    await page.getByRole("button", { name: "Удалить", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(page.getByRole("heading", { name: "Страницы", level: 2 })).toBeVisible();
    await expect.poll(async () => (await visitorGet(PATH)).status).toBe(404);
  });
});
