import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";

test.describe("[ADMIN][LOCALES] the site's locales", () => {
  test.use({ storageState: adminStorageState });

  test("adds German as a draft, publishes it despite its incomplete translation, removes it; the default has no remove button", async ({
    page,
  }) => {
    await page.goto("/admin/other/locales");
    const list = page.getByRole("list", { name: "Языки сайта" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("English");
    await expect(list).toContainText("По умолчанию");
    await expect(list.getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(page, "the locales section");

    await page.getByLabel("Язык", { exact: true }).selectOption("de");
    await page.getByRole("button", { name: "Добавить", exact: true }).click();
    await expectToast(page, "Готово", { description: "Язык добавлен", failure: false });
    const german = list.locator("[data-locale=de]");
    await expect(german).toContainText("Deutsch");
    await expect(german).toContainText("Черновик: только в предпросмотре");

    // Not translated: publishing asks first, and the activity log records it.
    await expect(german.getByTestId("locale-completeness")).toContainText("Переведено: 0 из");
    await german.getByRole("button", { name: "Опубликовать: Deutsch" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Опубликовать несмотря на неполный перевод" }).click();
    await expectToast(page, "Готово", { description: "Состояние языка изменено", failure: false });
    await expect(german).toContainText("Опубликован");
    await expectNoAxeViolations(page, "the locales section with two locales");

    await german.getByRole("button", { name: "Удалить: Deutsch" }).click();
    await expectNoAxeViolations(page, "the locale removal dialog");
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expectToast(page, "Готово", { description: "Язык удалён", failure: false });
    await expect(list.getByRole("listitem")).toHaveCount(1);
  });
});
