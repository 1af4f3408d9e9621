import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";

/** Saves the open editor; the toast says whether a translation was stored. */
async function save(page: Page, description: string) {
  const button = page.getByRole("button", { name: "Сохранить", exact: true });
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/other/seo"));
  await button.click();
  expect((await posted).status()).toBe(200);
  await expectToast(page, "Сохранено", { description, failure: false });
  await expect(button).toBeEnabled();
}

/** Adds German and switches it on publicly (through the incomplete-translation confirmation). */
async function addGerman(page: Page) {
  await page.goto("/admin/other/locales");
  await page.getByLabel("Язык", { exact: true }).selectOption("de");
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await expectToast(page, "Готово", { description: "Язык добавлен", failure: false });
  const german = page.getByRole("list", { name: "Языки сайта" }).locator("[data-locale=de]");
  await german.getByRole("button", { name: "Опубликовать: Deutsch" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Опубликовать несмотря на неполный перевод" }).click();
  await expectToast(page, "Готово", { description: "Состояние языка изменено", failure: false });
  return german;
}

test.describe("[ADMIN][SEO][LOCALES] the fixed pages' SEO in another locale", () => {
  test.use({ storageState: adminStorageState });

  test("sets /fees's German meta title in the SEO section; /de/fees has it, /fees keeps its own", async ({ page, browser }) => {
    const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await visitor.goto("/fees");
    const englishTitle = await visitor.title();
    expect(englishTitle).toMatch(/^Fees \| /);

    // With English alone, no language picker.
    await page.goto("/admin/other/seo");
    await expect(page.getByRole("navigation", { name: "Язык редактирования" })).toHaveCount(0);

    const german = await addGerman(page);
    await page.goto("/admin/other/seo?page=fees");
    await page.getByRole("navigation", { name: "Язык редактирования" }).getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/locale=de/);
    await expect(page.getByRole("heading", { name: "SEO страниц: Deutsch" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Fees \/de\/fees/ })).toBeVisible();
    const editor = page.getByTestId("seo-translation-fees");
    await expect(editor.getByTestId("seo-origin").first()).toContainText("Значение по умолчанию");
    await expectNoAxeViolations(page, "the fixed pages' SEO in German");

    await editor.getByLabel("Meta title").fill("Gebühren ohne Überraschungen");
    await save(page, "Перевод сохранён");
    await expect(editor.getByTestId("seo-origin").first()).toContainText("Свой перевод");

    await visitor.goto("/de/fees");
    expect(await visitor.title()).toBe(englishTitle.replace(/^Fees/, "Gebühren ohne Überraschungen"));
    await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/fees$/);
    await visitor.goto("/fees");
    expect(await visitor.title()).toBe(englishTitle);

    // At a phone's width: no horizontal scroll, still accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId("seo-translation-fees")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "the fixed pages' SEO in German at 390 px");

    // Emptied: the translation is gone and /de/fees shows the page's own title again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("seo-translation-fees").getByLabel("Meta title").fill("");
    await save(page, "Перевод сохранён");
    await visitor.goto("/de/fees");
    expect(await visitor.title()).toBe(englishTitle);
    await visitor.close();

    await page.goto("/admin/other/locales");
    await german.getByRole("button", { name: "Удалить: Deutsch" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expectToast(page, "Готово", { description: "Язык удалён", failure: false });
  });
});
