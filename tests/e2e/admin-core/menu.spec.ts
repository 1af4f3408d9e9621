import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast, failWrites, postForm } from "../support/dashboard";

// Items made here are named with this prefix, so cleaning up never touches the seeded menus.
const PREFIX = "E2E ";

const headerMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const footerMenu = (page: Page) => page.getByRole("navigation", { name: "Footer" });
const menuList = (page: Page, type: "header" | "footer") =>
  page.getByRole("region", { name: type === "header" ? "Верхнее меню (header)" : "Нижнее меню (footer)" });
const itemRow = (page: Page, name: string) => page.locator('[data-testid^="menu-item-"]').filter({ hasText: name });
/** The row of one item by its id, which stays the same while the row is being edited. */
const pinned = async (page: Page, name: string) => page.getByTestId((await itemRow(page, name).getAttribute("data-testid"))!);

async function addItem(page: Page, item: { name: string; url: string; type?: "header" | "footer"; order?: string }) {
  await page.getByRole("button", { name: "Добавить пункт меню" }).click();
  const form = page.getByRole("form", { name: "Новый пункт меню" });
  await form.getByLabel("Название").fill(item.name);
  await form.getByLabel("URL").fill(item.url);
  if (item.order !== undefined) await form.getByLabel("Порядок").fill(item.order);
  await form.getByLabel("Меню").selectOption(item.type ?? "header");
  await form.getByRole("button", { name: "Добавить" }).click();
  return form;
}

test.describe("[ADMIN][MENU]", () => {
  test.use({ storageState: adminStorageState });

  test.afterEach(async ({ page, baseURL }) => {
    await page.goto("/admin/menu");
    const ids = await page
      .locator('[data-testid^="menu-item-"]')
      .filter({ hasText: PREFIX })
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")!.replace("menu-item-", "")));
    for (const id of ids) await postForm(page.request, baseURL!, "/admin/menu", { intent: "delete-menu-item", id });
  });

  test("lists both menus with name, URL and '#order'; the add form has its defaults", async ({ page }) => {
    await page.goto("/admin/menu");
    const header = menuList(page, "header");
    await expect(header.getByText("Features", { exact: true })).toBeVisible();
    await expect(itemRow(page, "Contact").first()).toContainText("/contact");
    await expect(header.locator('[data-testid^="menu-item-"]').first()).toContainText("#1");
    await expect(menuList(page, "footer").getByText("Home", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Добавить пункт меню" }).click();
    const form = page.getByRole("form", { name: "Новый пункт меню" });
    await expect(form.getByLabel("URL")).toHaveAttribute("placeholder", "/page-url");
    await expect(form.getByLabel("Порядок")).toHaveValue("0");
    await expect(form.getByLabel("Меню")).toHaveValue("header");
    await form.getByRole("button", { name: "Отмена" }).click();
    await expect(form).toHaveCount(0);
  });

  test("adds, edits, hides, shows and deletes a header item, and the public header follows", async ({ page }) => {
    await page.goto("/admin/menu");
    await addItem(page, { name: `${PREFIX}Blog`, url: "/e2e-blog", order: "0" });
    await expectToast(page, "Пункт меню добавлен", { failure: false });
    const row = itemRow(page, `${PREFIX}Blog`);
    await expect(row).toContainText("/e2e-blog");
    await expect(row).toContainText("#0");
    await page.goto("/");
    await expect(headerMenu(page).getByRole("link").first()).toHaveText(`${PREFIX}Blog`);
    await expect(headerMenu(page).getByRole("link", { name: `${PREFIX}Blog` })).toHaveAttribute("href", "/e2e-blog");

    await page.goto("/admin/menu");
    const blog = await pinned(page, `${PREFIX}Blog`);
    await blog.getByRole("button", { name: `Изменить «${PREFIX}Blog»` }).click();
    await blog.getByLabel("Название").fill(`${PREFIX}Cancelled`);
    await blog.getByRole("button", { name: "Отмена" }).click();
    await expect(blog).toContainText(`${PREFIX}Blog`);
    await blog.getByRole("button", { name: `Изменить «${PREFIX}Blog»` }).click();
    const editing = page.getByRole("form", { name: `Изменить «${PREFIX}Blog»` });
    await editing.getByLabel("Название").fill(`${PREFIX}News`);
    await editing.getByLabel("URL").fill("/e2e-news");
    await editing.getByLabel("Порядок").fill("9");
    await editing.getByRole("button", { name: "Сохранить" }).click();
    await expectToast(page, "Пункт меню обновлен", { failure: false });
    const news = itemRow(page, `${PREFIX}News`);
    await expect(news).toContainText("/e2e-news");
    await expect(news).toContainText("#9");
    await page.goto("/");
    await expect(headerMenu(page).getByRole("link").last()).toHaveText(`${PREFIX}News`);

    await page.goto("/admin/menu");
    await news.getByRole("button", { name: `Скрыть «${PREFIX}News»` }).click();
    await expect(news).toContainText("скрыт");
    await page.goto("/");
    await expect(headerMenu(page).getByRole("link", { name: `${PREFIX}News` })).toHaveCount(0);
    await page.goto("/admin/menu");
    await news.getByRole("button", { name: `Показать «${PREFIX}News»` }).click();
    await expect(news).not.toContainText("скрыт");
    await page.goto("/");
    await expect(headerMenu(page).getByRole("link", { name: `${PREFIX}News` })).toBeVisible();

    await page.goto("/admin/menu");
    await news.getByRole("button", { name: `Удалить «${PREFIX}News»` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expectToast(page, "Пункт меню удален", { failure: false });
    await expect(news).toHaveCount(0);
    await page.goto("/");
    await expect(headerMenu(page).getByRole("link", { name: `${PREFIX}News` })).toHaveCount(0);
    await expect(headerMenu(page).getByRole("link")).toHaveText(["Features", "Fees", "Business", "FAQ", "Contact"]);
  });

  test("adds a footer item first in the footer, which still shows at most six", async ({ page }) => {
    await page.goto("/admin/menu");
    await addItem(page, { name: `${PREFIX}Careers`, url: "/e2e-careers", type: "footer", order: "0" });
    await expectToast(page, "Пункт меню добавлен");
    await expect(menuList(page, "footer").getByText(`${PREFIX}Careers`)).toBeVisible();
    await page.goto("/");
    const links = footerMenu(page).getByRole("link");
    await expect(links.first()).toHaveText(`${PREFIX}Careers`);
    await expect(links).toHaveCount(6);
    await expect(headerMenu(page).getByRole("link", { name: `${PREFIX}Careers` })).toHaveCount(0);
  });

  test("reads a non-number order as 0", async ({ page }) => {
    await page.goto("/admin/menu");
    await addItem(page, { name: `${PREFIX}Order`, url: "/e2e-order", type: "footer", order: "abc" });
    await expectToast(page, "Пункт меню добавлен");
    await expect(itemRow(page, `${PREFIX}Order`)).toContainText("#0");
  });

  const refusals = [
    { case: "an empty name", name: "", url: "/x", field: "Название", message: "Display name is required" },
    {
      case: "a name over 100 characters",
      name: `${PREFIX}${"x".repeat(100)}`,
      url: "/x",
      field: "Название",
      message: "Display name too long",
    },
    { case: "an empty URL", name: `${PREFIX}Refused`, url: "", field: "URL", message: "URL is required" },
    { case: "a URL over 500 characters", name: `${PREFIX}Refused`, url: `/${"x".repeat(500)}`, field: "URL", message: "URL too long" },
    { case: "a URL without /", name: `${PREFIX}Refused`, url: "blog", field: "URL", message: "URL must start with /" },
    { case: "another site's address", name: `${PREFIX}Refused`, url: "https://evil.com", field: "URL", message: "URL must start with /" },
    { case: "//evil.com", name: `${PREFIX}Refused`, url: "//evil.com", field: "URL", message: "URL must point to a page of this site" },
    {
      case: "/\\evil.com",
      name: `${PREFIX}Refused`,
      url: "/\\evil.com",
      field: "URL",
      message: "URL must not contain spaces, backslashes or control characters",
    },
    {
      case: "an order over 999",
      name: `${PREFIX}Refused`,
      url: "/x",
      order: "1000",
      field: "Порядок",
      message: "Sort order must be between 0 and 999",
    },
  ];
  for (const refusal of refusals) {
    test(`the add form refuses ${refusal.case} with '${refusal.message}'`, async ({ page }) => {
      await page.goto("/admin/menu");
      const form = await addItem(page, { name: refusal.name, url: refusal.url, order: refusal.order });
      await expect(form.getByText(refusal.message)).toBeVisible();
      await expect(form.getByLabel(refusal.field)).toHaveAttribute("aria-invalid", "true");
      await expectToast(page, "Не удалось добавить пункт меню", { description: refusal.message, failure: true });
      await page.goto("/");
      await expect(headerMenu(page).getByRole("link")).toHaveText(["Features", "Fees", "Business", "FAQ", "Contact"]);
    });
  }

  test("inline edit refuses a URL that does not start with /", async ({ page }) => {
    await page.goto("/admin/menu");
    const feesId = await menuList(page, "header")
      .locator('[data-testid^="menu-item-"]')
      .filter({ hasText: "/fees" })
      .getAttribute("data-testid");
    const fees = page.getByTestId(feesId!);
    await fees.getByRole("button", { name: "Изменить «Fees»" }).click();
    await fees.getByLabel("URL").fill("fees");
    await fees.getByRole("button", { name: "Сохранить" }).click();
    await expect(fees.getByText("URL must start with /")).toBeVisible();
    await expectToast(page, "Не удалось обновить пункт меню", { description: "URL must start with /", failure: true });
    await fees.getByRole("button", { name: "Отмена" }).click();
    await expect(fees).toContainText("/fees");
  });

  test("the server refuses what the form would, and a failed delete shows its toast", async ({ page, baseURL }) => {
    for (const url of ["//evil.com", "/\\evil.com", "/\t/evil.com", "javascript:alert(1)"]) {
      const response = await postForm(page.request, baseURL!, "/admin/menu", {
        intent: "create-menu-item",
        displayName: `${PREFIX}Sneaky`,
        url,
        menuType: "header",
        sortOrder: 0,
      });
      expect(response.status()).toBe(400);
    }
    await page.goto("/admin/menu");
    await expect(itemRow(page, `${PREFIX}Sneaky`)).toHaveCount(0);

    await addItem(page, { name: `${PREFIX}Doomed`, url: "/e2e-doomed", type: "footer" });
    await expectToast(page, "Пункт меню добавлен");
    await failWrites(page, /\/admin\/menu\.data/);
    await itemRow(page, `${PREFIX}Doomed`)
      .getByRole("button", { name: `Удалить «${PREFIX}Doomed»` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expectToast(page, "Не удалось удалить пункт меню", { failure: true });
    await expect(itemRow(page, `${PREFIX}Doomed`)).toBeVisible();
    await page.unroute(/\/admin\/menu\.data/);
  });
});
