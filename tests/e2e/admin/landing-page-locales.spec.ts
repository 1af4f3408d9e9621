import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, postForm } from "../support/dashboard";

// A campaign landing page in a second locale (issue 43): an administrator creates the German
// version of an English page from the editor's language links (starting from the English blocks,
// nothing stored until saved), gives it its own address and hero, publishes it; a visitor opens
// it under /de and the header's switcher leads back to the English page.
test.describe("[ADMIN][PAGES][LOCALES] a landing page's German version", () => {
  test.describe.configure({ mode: "serial" });
  const stamp = Date.now().toString(36);
  const english = `/e2e-offer-${stamp}`;
  const german = `/e2e-angebot-${stamp}`;

  test.afterAll(async ({ browser, baseURL }) => {
    // The worker's server is shared with other specs: German leaves as it came.
    const context = await browser.newContext({ storageState: adminStorageState });
    await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    await context.close();
  });

  /** Saves and waits for the answer and the reload after it. */
  async function save(page: Page) {
    const button = page.getByRole("button", { name: "Сохранить", exact: true });
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/other/pages"),
    );
    await button.click();
    expect((await posted).status()).toBe(200);
    await expect(button).toBeEnabled();
    await expectToast(page, "Сохранено", { failure: false });
  }

  // long-function: one flow, the visitor's steps reading what the administrator's made
  test("an administrator creates and publishes the German version; a visitor opens it and switches back to English", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: adminStorageState });
    const page = await context.newPage();
    // German switched on (through the incomplete-translation override the log records).
    await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    expect((await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "add-locale", code: "de" })).status()).toBe(200);
    expect(
      (
        await postForm(context.request, baseURL!, "/admin/other/locales", {
          intent: "set-locale-state",
          code: "de",
          state: "public",
          override: "on",
        })
      ).status(),
    ).toBe(200);

    // The English page, published.
    await page.goto("/admin/other/pages");
    await page.getByLabel("Название").fill("Spring offer");
    await page.getByLabel("Адрес").fill(english);
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/pages\?page=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("page"));
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");

    // The editor offers the site's languages; German starts from the English blocks, unsaved.
    const languages = page.getByRole("navigation", { name: "Версии страницы на языках сайта" });
    await expect(languages.getByRole("link", { name: "English (основная)" })).toHaveAttribute("aria-current", "page");
    await languages.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(new RegExp(`page=${id}&locale=de`));
    await expect(languages.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("page-version-note")).toContainText("Этой версии ещё нет");
    await expect(page.locator("#page-title")).toHaveValue("Spring offer");
    await expect(page.getByRole("button", { name: "Опубликовать" })).toHaveCount(0);
    await expectNoAxeViolations(page, "the page editor on an unsaved German version");

    await page.locator("#page-title").fill("Frühlingsangebot");
    await page.locator("#page-path").fill(german);
    await expect(page.locator("#page-path-note")).toHaveText(`Адрес на сайте: /de${german}`);
    const hero = page.locator('[data-block-type="hero"]');
    const heroTitle = page.locator('[id="blocks.0.title"]');
    if (!(await heroTitle.isVisible())) await hero.locator("[aria-expanded]").first().click();
    await heroTitle.fill("Frühling mit der E-Wallet");
    await save(page);
    await expect(page.getByTestId("page-version-note")).not.toContainText("Этой версии ещё нет");
    await expect(page.getByTestId("page-status")).toHaveText("Черновик");
    // A draft answers nowhere; the English page is untouched.
    expect((await context.request.get(`/de${german}`)).status()).toBe(404);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    await expectNoAxeViolations(page, "the page editor on the German version");
    // At phone width the editor fits the screen in both versions: the language links wrap, the
    // note breaks its lines, and each block's actions wrap below its name (they made it 488 px).
    await page.setViewportSize({ width: 390, height: 844 });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`/admin/other/pages?page=${id}`);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.goto(`/admin/other/pages?page=${id}&locale=de`);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    for (const link of await languages.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: "test-results/landing-page-locales-editor.png", fullPage: false });
    await languages.getByRole("link", { name: "English (основная)" }).click();
    await expect(page.locator("#page-title")).toHaveValue("Spring offer");
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    await context.close();

    // A visitor: the German page under its own address, language and alternates; back to English.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/de${german}`);
    await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Frühling mit der E-Wallet");
    const head = visitor.locator("head");
    await expect(head.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", new RegExp(`/de${german}$`));
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`${english}$`));
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`${english}$`));
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(visitor, "the German landing page at phone width");
    await visitor.screenshot({ path: "test-results/landing-page-locales-de.png", fullPage: false });
    await visitor.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(visitor).toHaveURL(new RegExp(`${english}\\??$`));
    await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Spring offer");
    await visitor.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click();
    await expect(visitor).toHaveURL(new RegExp(`/de${german}\\??$`));
    await visitor.close();
  });
});
