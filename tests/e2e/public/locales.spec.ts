import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, postForm } from "../support/dashboard";

// The site in a second locale (issue 43): an administrator switches German on and translates a
// key in 'Контент сайта'; a visitor switches between English and German with the links in the
// header, each page answered under its own address, language and hreflang set.
test.describe("[PUBLIC][LOCALES] a second locale", () => {
  test.describe.configure({ mode: "serial" });

  test.afterAll(async ({ browser, baseURL }) => {
    // The worker's server is shared with other specs: German leaves as it came.
    const context = await browser.newContext({ storageState: adminStorageState });
    await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    await context.close();
  });

  test("an administrator switches German on and translates the home page's title; a fallback is shown, never saved", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ storageState: adminStorageState });
    const page = await context.newPage();
    for (const fields of [
      { intent: "add-locale", code: "de" } as Record<string, string>,
      { intent: "set-locale-state", code: "de", state: "public" },
    ])
      expect((await postForm(context.request, baseURL!, "/admin/other/locales", fields)).status()).toBeLessThan(400);

    // A German title left by an earlier attempt goes first (an empty save removes a translation).
    await postForm(context.request, baseURL!, "/admin/content?locale=de&page=home", {
      intent: "save-translation",
      locale: "de",
      page: "home",
      section: "hero_title",
      value: "",
    });
    // Other specs on this worker's server may have saved an English title (perhaps the default's
    // own text): German then shows that text, from English; with none stored, the key's default.
    const english = await context.newPage();
    await english.goto("/");
    const englishTitle = ((await english.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    await english.close();
    const origins = englishTitle === "The smart and simple e-wallet" ? /^(Значение по умолчанию|Подставлено из языка «English»)$/ : /^Подставлено из языка «English»$/;

    await page.goto("/admin/content");
    const picker = page.getByRole("navigation", { name: "Язык редактирования" });
    await picker.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { name: "Перевод: Deutsch" })).toBeVisible();
    await expect(page.getByTestId("translation-completeness")).toContainText("Переведено: 0 из");
    await page.goto("/admin/content?locale=de&page=home");
    const card = page.getByTestId("translation-home-hero_title");
    await expect(card.getByTestId("translation-origin")).toHaveText(origins);
    await expect(card.getByTestId("translation-fallback")).toHaveText(englishTitle);
    await expectNoAxeViolations(page, "the content editor in German");

    await card.getByRole("textbox").fill("Die smarte und einfache E-Wallet");
    await card.getByRole("button", { name: "Сохранить" }).click();
    await expectToast(page, "Готово", { description: "Перевод сохранён", failure: false });
    await page.reload();
    await expect(card.getByTestId("translation-origin")).toHaveText("Свой перевод");
    await expect(page.getByTestId("translation-completeness")).toContainText("Переведено: 1 из");
    await page.screenshot({ path: "test-results/locales-editor.png", fullPage: false });
    await context.close();
  });

  test("a visitor switches language with the header's links and stays on the same page", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const failed: string[] = [];
    page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${new URL(response.url()).pathname}`));

    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const header = page.getByRole("navigation", { name: "Main" });
    await header.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/faq\??$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", /\/de\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/faq$/);
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /\/faq$/);
    // The page's own links stay in German.
    await expect(header.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page, "the German FAQ");

    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/faq\??$/);
    await expect(page).not.toHaveURL(/\/de\//);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.goto("/de");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Die smarte und einfache E-Wallet");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("The smart and simple e-wallet");

    // Terms have no German text: a page that says so and links to the English one, kept out of search results.
    const terms = await page.goto("/de/terms");
    expect(terms!.status()).toBe(200);
    expect(terms!.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByRole("link", { name: /English/ }).first()).toBeVisible();
    expect((await page.goto("/fr/faq"))!.status()).toBe(404);
    expect((await page.goto("/de/no-such-page"))!.status()).toBe(404);
    // The only failed loads are the two addresses asked for as 404s (and their console lines), and
    // the visit beacons of prefixed pages: statistics per locale are not built yet (docs/locales.md).
    expect(failed.filter((line) => line !== "400 /api/visit")).toEqual(["404 /fr/faq", "404 /de/no-such-page"]);
    expect(errors.filter((error) => !/\b(404|400)\b/.test(error))).toEqual([]);
  });
});
