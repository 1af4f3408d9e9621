import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";

/** Saves the open editor and waits for the answer and the toast. */
async function save(page: Page) {
  const button = page.getByRole("button", { name: "Сохранить", exact: true });
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/other/seo"));
  await button.click();
  expect((await posted).status()).toBe(200);
  await expectToast(page, "Сохранено", { failure: false });
  await expect(button).toBeEnabled();
}

test.describe("[ADMIN][SEO] the fixed pages' SEO", () => {
  test.use({ storageState: adminStorageState });

  test("edits /fees's meta title in the dashboard and the page's <title> follows, then back to the default", async ({ page, browser }) => {
    const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await visitor.goto("/fees");
    const defaultTitle = await visitor.title();
    expect(defaultTitle).toMatch(/^Fees \| /);

    await page.goto("/admin/other/seo");
    await page.getByRole("navigation", { name: "Страницы сайта" }).getByRole("link", { name: "Fees" }).click();
    await expect(page.getByRole("heading", { name: /Fees \/fees/ })).toBeVisible();
    await expectNoAxeViolations(page, "the fixed pages' SEO editor");

    const title = page.getByLabel("Meta title");
    await title.fill("Card fees without surprises, compared with the banks and every other wallet");
    await expect(page.getByText("Заголовок длиннее 60 символов: поиск обрежет его")).toBeVisible();
    await title.fill("Low card fees");
    await expect(page.getByRole("region", { name: "Результат поиска" })).toContainText("Low card fees |");
    await save(page);

    await visitor.goto("/fees");
    expect(await visitor.title()).toBe(defaultTitle.replace(/^Fees/, "Low card fees"));

    // Emptied, the page's own title comes back.
    await page.getByLabel("Meta title").fill("");
    await save(page);
    await visitor.goto("/fees");
    expect(await visitor.title()).toBe(defaultTitle);
    await visitor.close();
  });
});
