import fs from "node:fs";
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
    // German starts as a draft (an earlier attempt's German goes first).
    await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    expect((await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "add-locale", code: "de" })).status()).toBe(200);
    // Untranslated, it is switched on only through the confirmation that the log records.
    await page.goto("/admin/other/locales");
    const german = page.locator('li[data-locale="de"]');
    await expect(german.getByTestId("locale-completeness")).toContainText("Переведено: 0 из");
    await german.getByRole("button", { name: "Опубликовать: Deutsch" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Опубликовать «Deutsch» с неполным переводом?" })).toBeVisible();
    await expectNoAxeViolations(page, "the incomplete translation's confirmation");
    await dialog.getByRole("button", { name: "Опубликовать несмотря на неполный перевод" }).click();
    await expectToast(page, "Готово", { description: "Состояние языка изменено", failure: false });
    await expect(german).toContainText("Опубликован");
    await page.goto("/admin/other/activity");
    await expect(page.getByText("Языки: опубликован с неполным переводом").first()).toBeVisible();

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

  test("an administrator downloads German as XLIFF for translators and uploads the translated file; a bad file names its fields", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: adminStorageState });
    const page = await context.newPage();
    await page.goto("/admin/content?locale=de&page=home");
    const card = page.getByTestId("xliff-card");
    await expect(card.getByRole("heading", { name: "Файл для переводчиков (XLIFF 2.0)" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await card.getByRole("link", { name: "Скачать XLIFF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("site-de.xlf");
    const exported = fs.readFileSync((await download.path())!, "utf8");
    expect(exported).toContain('srcLang="en" trgLang="de"');
    /** The file with a unit's target set, as a translation tool writes it. */
    const translated = (id: string, target: string) =>
      exported.replace(
        new RegExp(`(<unit id="${id}"[^>]*>[\\s\\S]*?</source>)(\\s*<target[^>]*>[\\s\\S]*?</target>)?`),
        (_all, head: string) => `${head}<target>${target}</target>`,
      );
    const subtitle = `Einfach bezahlen, überall (${Date.now()})`;
    const file = (text: string) => ({ name: "site-de.xlf", mimeType: "application/xliff+xml", buffer: Buffer.from(text) });
    await card.getByLabel("Загрузить переведённый файл").setInputFiles(file(translated("home/hero_subtitle", subtitle)));
    await expectToast(page, "Перевод из файла загружен", { description: "Изменено текстов: 1", failure: false });
    const subtitleCard = page.getByTestId("translation-home-hero_subtitle");
    await expect(subtitleCard.getByTestId("translation-origin")).toHaveText("Свой перевод");
    await expect(subtitleCard.getByRole("textbox")).toHaveValue(subtitle);

    await card.getByLabel("Загрузить переведённый файл").setInputFiles(file(translated("home/hero_title", 'Neu <ph id="1"/>')));
    await expectToast(page, "Ошибка", { description: "Файл не загружен: исправьте отмеченные поля. Ничего не изменено", failure: true });
    await expect(card.getByTestId("xliff-problems")).toContainText("home/hero_title: Разметка в этом поле не допускается");
    await expectNoAxeViolations(page, "the XLIFF card with a refused file's fields");
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
    // The page's own links stay in German; the menus' names are German too.
    await expect(page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Deutsch" })).toHaveAttribute(
      "aria-current",
      "page",
    );
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
    // The only failed loads are the two addresses asked for as 404s (and their console lines): the
    // visit beacons of German pages are taken (statistics per locale).
    expect(failed).toEqual(["404 /fr/faq", "404 /de/no-such-page"]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla! Seite nicht gefunden");
    expect(errors.filter((error) => !/\b(404|400)\b/.test(error))).toEqual([]);
  });

  test("a missing page under a locale's prefix loads no statistics script; a German page does", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === "/visit.js" || pathname === "/api/visit") scripts.push(pathname);
    });
    expect((await page.goto("/de/no-such-page"))!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla! Seite nicht gefunden");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    // The same browser on a German page: the script loads once the page has hydrated.
    await page.goto("/de/faq");
    await expect.poll(() => scripts).toContain("/visit.js");
  });

  test("a German page's cookie banner and contact form speak German, the server's refusals too", async ({ page }) => {
    await page.goto("/de/contact");
    const banner = page.getByRole("region", { name: "Wir verwenden Cookies" });
    await expect(banner).toContainText("Mit einem Klick auf „Alle akzeptieren“");
    await expect(banner.getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/de/privacy");
    await expectNoAxeViolations(page, "the German contact page with its cookie banner");
    await page.screenshot({ path: "test-results/locales-contact-de.png", fullPage: false });
    await banner.getByRole("button", { name: "Ablehnen" }).click();
    await expect(banner).toBeHidden();

    const form = page.locator("form").filter({ has: page.locator("#contact-message") });
    await expect(form.locator("#contact-subject option").nth(1)).toHaveText("Allgemeine Anfrage");
    // The browser's own check first (blank name and message), then the server's (a malformed address).
    await form.locator("#contact-name").fill("Erika Muster");
    await form.locator("#contact-email").fill("erika@example.com");
    await form.locator("#contact-subject").selectOption("General Inquiry");
    await form.locator("#contact-message").fill("   ");
    await form.locator("#contact-message").evaluate((element) => element.removeAttribute("required"));
    await form.getByRole("button").click();
    await expect(page.locator("#contact-message-error")).toHaveText("Bitte geben Sie eine Nachricht ein");
    const post = await page.request.post("/de/contact", {
      form: { name: "Erika", email: "not-an-address", subject: "General Inquiry", message: "Hallo" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(400);
    expect(await post.text()).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein");
  });
});
