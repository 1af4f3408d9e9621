import { expect, test, workerBaseUrl, type Browser, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";

const TEAM = "/admin/other/team";

/** A browser of its own, signed out (contexts made in a test otherwise inherit its storage state). */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: workerBaseUrl(), storageState: { cookies: [], origins: [] } });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Opens a page and waits until React has taken it over, so clicks reach its handlers. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

const memberRow = (page: Page, email: string) => page.getByTestId(`team-member-${email}`);

async function deleteAccount(page: Page, email: string) {
  await open(page, TEAM);
  await page.getByRole("button", { name: `Удалить учётную запись ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
  await expectToast(page, "Учётная запись удалена", { failure: false });
  await expect(memberRow(page, email)).toHaveCount(0);
}

test.describe("[ADMIN][TEAM] administrators", () => {
  test.use({ storageState: adminStorageState });

  test("'Другое → Команда' lists every account", async ({ page }) => {
    await page.goto("/admin/other");
    await page.getByRole("navigation", { name: "Разделы вкладки «Другое»" }).getByRole("link", { name: "Команда" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/team$/);
    await expect(page.getByRole("heading", { name: "Команда", level: 2 })).toBeVisible();
    await expect(page.getByLabel("Роль admin@example.com")).toHaveValue("administrator");
    await expect(memberRow(page, "admin@example.com")).toContainText("(вы)");
    await expect(page.getByLabel("Роль member@example.com")).toHaveValue("none");
  });

  test("invite → sign up through the link → administrator; the link works once", async ({ page, browser }) => {
    const email = `invited-${Date.now()}@example.com`;
    await open(page, TEAM);
    await page.getByLabel("Email приглашённого").fill(email);
    await page.getByRole("button", { name: "Пригласить" }).click();
    await expectToast(page, "Приглашение создано", { description: "Скопируйте ссылку и передайте её", failure: false });
    const link = await page.getByLabel("Ссылка-приглашение (показывается один раз)").inputValue();
    expect(link).toMatch(/\/admin\?invitation=[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId(`invitation-${email}`)).toBeVisible();

    const invited = await freshPage(browser);
    await open(invited.page, link);
    await expect(invited.page.getByRole("tab", { name: "Регистрация" })).toHaveAttribute("aria-selected", "true");
    await expect(invited.page.getByLabel("Email")).toHaveValue(email);
    await invited.page.getByLabel("Пароль").fill("invited-password-1");
    await invited.page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expectToast(invited.page, "Регистрация успешна", { description: "Учётная запись создана, вы вошли в систему", failure: false });
    await expect(invited.page.getByRole("heading", { name: "Панель управления" })).toBeVisible();

    // The same link again, in another browser: refused with a reason.
    const replay = await freshPage(browser);
    await open(replay.page, link);
    await expect(replay.page.getByRole("alert").filter({ hasText: "Это приглашение уже использовано" })).toBeVisible();
    await replay.close();
    await invited.close();

    await page.reload();
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expect(memberRow(page, email)).toContainText("Администратор");
    await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);
    await deleteAccount(page, email);
  });

  test("closing sign-up: the tab explains invitations and the endpoint refuses", async ({ page, browser }) => {
    await open(page, TEAM);
    // click, not check: the radio follows the saved setting, which changes a moment later.
    await page.getByRole("radio", { name: /Регистрация только по приглашению/ }).click();
    await expect(page.getByRole("radio", { name: /Регистрация только по приглашению/ })).toBeChecked();
    await expectToast(page, "Настройка обновлена", { failure: false });
    const visitor = await freshPage(browser);
    try {
      await open(visitor.page, "/admin");
      await visitor.page.getByRole("tab", { name: "Регистрация" }).click();
      await expect(visitor.page.getByText("Регистрация только по приглашению")).toBeVisible();
      await expect(visitor.page.getByText(/Учётные записи создаются по приглашению/)).toBeVisible();
      await expect(visitor.page.getByRole("button", { name: "Зарегистрироваться" })).toHaveCount(0);
      const baseURL = new URL(page.url()).origin;
      const response = await visitor.page.request.post("/api/auth/sign-up/email", {
        headers: { Origin: baseURL },
        data: { email: "walk-in@example.com", password: "walk-in-password", name: "walk-in", invitation: "" },
      });
      expect(response.status()).toBe(400);
      expect(await response.json()).toMatchObject({ message: "Регистрация только по приглашению" });
    } finally {
      await visitor.close();
      await page.getByRole("radio", { name: /Открытая регистрация/ }).click();
      await expect(page.getByRole("radio", { name: /Открытая регистрация/ })).toBeChecked();
      await expectToast(page, "Настройка обновлена", { failure: false });
    }
  });

  test("granting rights, then ending every session from another browser", async ({ page, browser }) => {
    const email = `colleague-${Date.now()}@example.com`;
    const colleague = await freshPage(browser);
    await open(colleague.page, "/admin");
    await colleague.page.getByRole("tab", { name: "Регистрация" }).click();
    await colleague.page.getByLabel("Email").fill(email);
    await colleague.page.getByLabel("Пароль").fill("colleague-password-1");
    await colleague.page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(colleague.page.getByText(`Вы вошли как ${email}`)).toBeVisible();

    await open(page, TEAM);
    await page.getByLabel(`Роль ${email}`).selectOption("administrator");
    await expectToast(page, "Роль изменена", { failure: false });
    await colleague.page.goto("/admin/menu");
    await expect(colleague.page.getByRole("heading", { name: "Панель управления" })).toBeVisible();

    await expect(memberRow(page, email).getByRole("cell").nth(5)).toHaveText("1");
    await page.getByRole("button", { name: `Завершить все сеансы ${email}` }).click();
    await expectToast(page, "Все сеансы завершены", { failure: false });
    await expect(memberRow(page, email).getByRole("cell").nth(5)).toHaveText("0");
    await colleague.page.goto("/admin/menu");
    await expect(colleague.page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
    await colleague.close();

    await page.getByLabel(`Роль ${email}`).selectOption("none");
    await expectToast(page, "Роль изменена", { failure: false });
    await expect(page.getByLabel(`Роль ${email}`)).toHaveValue("none");
    await deleteAccount(page, email);
  });

  test("the last administrator cannot take away their own rights", async ({ page }) => {
    await open(page, TEAM);
    await page.getByLabel("Роль admin@example.com").selectOption("author");
    await expectToast(page, "Ошибка", {
      description: "Нельзя оставить сайт без администратора: это последний администратор",
      failure: true,
    });
    await expect(page.getByLabel("Роль admin@example.com")).toHaveValue("administrator");
  });
});
