import fs from "node:fs";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, postForm } from "../support/dashboard";

// A release's texts for translators (issue 43, item 4): on a release's page an administrator
// downloads the German texts the release stages as XLIFF 2.0, uploads the translated file, and
// sees the new text staged in that release (not live), on a phone's width too.
const RELEASE = `Übersetzung ${Date.now().toString(36)}`;
const STAGED = `Die Wallet im Release ${Date.now().toString(36)}`;
const EDITED = `Die übersetzte Wallet ${Date.now().toString(36)}`;

test.describe("[ADMIN][RELEASES] a release's texts as XLIFF", () => {
  test.describe.configure({ mode: "serial" });
  let releasePage = "";

  test.afterAll(async ({ browser, baseURL }) => {
    // The worker's server is shared with other specs: the release is cancelled, German removed.
    const context = await browser.newContext({ storageState: adminStorageState });
    if (releasePage) await postForm(context.request, baseURL!, releasePage, { intent: "cancel-release" });
    await postForm(context.request, baseURL!, "/admin/other/releases", { intent: "go-live" });
    await postForm(context.request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    await context.close();
  });

  test("an administrator exports a release's German texts, imports an edited file and sees the change staged", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ storageState: adminStorageState });
    const request = context.request;
    await postForm(request, baseURL!, "/admin/other/locales", { intent: "remove-locale", code: "de" });
    expect((await postForm(request, baseURL!, "/admin/other/locales", { intent: "add-locale", code: "de" })).status()).toBe(200);
    // A release that stages a German title (creating it opens it), then back to live.
    const created = await request.post("/admin/other/releases", {
      headers: { Origin: baseURL! },
      form: { intent: "create-release", name: RELEASE },
      maxRedirects: 0,
    });
    releasePage = new URL(created.headers().location ?? "", baseURL).pathname;
    expect(releasePage).toMatch(/^\/admin\/other\/releases\/\d+$/);
    const staged = await postForm(request, baseURL!, "/admin/content?locale=de&page=home", {
      intent: "save-translation",
      locale: "de",
      page: "home",
      section: "hero_title",
      value: STAGED,
    });
    expect(staged.status()).toBe(200);
    await postForm(request, baseURL!, "/admin/other/releases", { intent: "go-live" });

    const page = await context.newPage();
    await page.goto(releasePage);
    const card = page.getByTestId("release-xliff-card");
    await expect(card.getByRole("heading", { name: "Тексты выпуска для переводчиков (XLIFF 2.0)" })).toBeVisible();
    await card.getByLabel("Язык перевода").selectOption("de");
    const downloading = page.waitForEvent("download");
    await card.getByRole("link", { name: "Скачать XLIFF" }).click();
    const download = await downloading;
    const id = releasePage.split("/").pop();
    expect(download.suggestedFilename()).toBe(`release-${id}-de.xlf`);
    const exported = fs.readFileSync((await download.path())!, "utf8");
    expect(exported).toContain('srcLang="en" trgLang="de"');
    expect(exported).toContain(`<file id="release-${id}"`);
    expect(exported).toContain(`<target xml:space="preserve">${STAGED}</target>`);

    const edited = exported.replace(`>${STAGED}</target>`, `>${EDITED}</target>`);
    const file = (text: string) => ({ name: `release-${id}-de.xlf`, mimeType: "application/xliff+xml", buffer: Buffer.from(text) });
    await card.getByLabel("Загрузить переведённый файл").setInputFiles(file(edited));
    await expectToast(page, "Перевод из файла загружен", { description: "Изменено текстов: 1", failure: false });
    await page.reload();
    const change = page.locator(`[data-testid="release-change"][data-key="home/hero_title@de"]`);
    await expect(change).toContainText(EDITED);
    // Not live: the German home page still has no such title.
    const german = await context.newPage();
    await german.goto("/admin/content?locale=de&page=home");
    await expect(german.getByTestId("translation-home-hero_title").getByRole("textbox")).not.toHaveValue(EDITED);
    await german.close();

    // A file with markup the plain-text title does not allow is refused, naming the field.
    await card.getByLabel("Загрузить переведённый файл").setInputFiles(file(edited.replace(`>${EDITED}<`, ">&lt;b&gt;Fett&lt;/b&gt;<")));
    await expectToast(page, "Ошибка", { description: "Файл не загружен: исправьте отмеченные поля. Ничего не изменено", failure: true });
    await expect(card.getByTestId("xliff-problems")).toContainText("home/hero_title: Разметка в этом поле не допускается");
    await expectNoAxeViolations(page, "a release's XLIFF card with a refused file's fields");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/release-xliff-390.png", fullPage: false });
    await expectNoAxeViolations(page, "a release's page with its XLIFF card at 390 px");
    await context.close();
  });
});
