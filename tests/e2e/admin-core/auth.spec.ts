import { expect, test, workerPort } from "../support/fixtures";
import { ADMIN, MEMBER, memberStorageState } from "../support/accounts";
import { startIsolatedServer } from "../support/isolated-server";
import { expectToast, failWrites, holdWrites, signInThroughForm, startFakeSmtp } from "../support/dashboard";

test.describe("[ADMIN][AUTH] login screen", () => {
  test("has Login and Sign-up tabs, the password hint and the first-admin note", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Вход" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Войти" })).toBeVisible();
    await expect(page.getByText("Первый зарегистрированный пользователь")).toHaveCount(0);
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await expect(page.getByLabel("Пароль")).toHaveAttribute("placeholder", "Минимум 6 символов");
    await expect(page.getByText("Первый зарегистрированный пользователь автоматически становится администратором.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Зарегистрироваться" })).toBeVisible();
  });

  test("a wrong password shows 'Ошибка входа' with the server's reason", async ({ page }) => {
    await signInThroughForm(page, { email: ADMIN.email, password: "not-the-password" });
    await expectToast(page, "Ошибка входа", { description: "Invalid email or password", failure: true });
    await expect(page.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
  });

  test("signing up with a taken address shows 'Ошибка регистрации' with the reason", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Пароль").fill("another-password");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    const toast = await expectToast(page, "Ошибка регистрации", { failure: true });
    await expect(toast.locator("[data-description]")).toContainText(/already exists/i);
  });

  test("a password under 6 characters is refused next to the field before anything is sent", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await page.getByLabel("Email").fill("short@example.com");
    await page.getByLabel("Пароль").fill("12345");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Пароль")).toHaveAttribute("aria-invalid", "true");
  });

  test("the submit button is disabled while signing in", async ({ page }) => {
    await page.goto("/admin");
    const release = await holdWrites(page, /\/admin\.data/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Пароль").fill("not-the-password");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByRole("button", { name: "Вход..." })).toBeDisabled();
    release();
    await expectToast(page, "Ошибка входа", { failure: true });
    await expect(page.getByRole("button", { name: "Войти" })).toBeEnabled();
  });

  test("a request that fails on the way shows 'Ошибка' / 'Произошла неожиданная ошибка'", async ({ page }) => {
    await page.goto("/admin");
    await failWrites(page, /\/admin\.data/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Пароль").fill(ADMIN.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expectToast(page, "Ошибка", { description: "Произошла неожиданная ошибка", failure: true });
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
  });
});

test.describe("[ADMIN][AUTH] a signed-in user without the admin role", () => {
  test.use({ storageState: memberStorageState });

  test("sees the login screen with a note and cannot open a tab", async ({ page }) => {
    await page.goto("/admin/content");
    await expect(page.getByText(`Вы вошли как ${MEMBER.email}, но у этой учётной записи нет прав администратора.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
    expect((await page.request.get("/admin/content")).status()).toBe(403);
  });
});

test.describe("[ADMIN][AUTH] dashboard session", () => {
  test("signs in, keeps the tab on reload and back, and logs out to the login screen", async ({ page }) => {
    await signInThroughForm(page, ADMIN);
    await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content$/);
    const tabs = ["Контент сайта", "Меню", "Юридические страницы", "Цены и тарифы", "Глобальные настройки", "Другое"];
    for (const name of tabs) await expect(page.getByRole("navigation").getByRole("link", { name })).toBeVisible();

    await page.getByRole("link", { name: "Меню" }).click();
    await expect(page).toHaveURL(/\/admin\/menu$/);
    await page.getByRole("link", { name: "Другое" }).click();
    // 'Другое' opens its first section.
    await expect(page).toHaveURL(/\/admin\/other\/activity$/);
    await expect(page.getByRole("heading", { name: "Журнал", level: 2 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Другое" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Журнал", level: 2 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/menu$/);
    await expect(page.getByRole("link", { name: "Меню" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Меню", level: 2 })).toBeVisible();

    const release = await holdWrites(page, "**/admin/logout");
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page.getByRole("button", { name: "Выход..." })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await page.request.get("/admin/menu")).status()).toBe(401);
  });

  test("signing in on a tab's address opens that tab", async ({ page }) => {
    const response = await page.goto("/admin/menu");
    expect(response?.status()).toBe(401);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Пароль").fill(ADMIN.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByRole("heading", { name: "Меню", level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/menu$/);
  });

  // 'An unexpected error occurred' in English (the specification's text); the Russian dashboard says it in Russian.
  test("a failed logout shows the server's message, or 'Произошла неожиданная ошибка'", async ({ page }) => {
    await signInThroughForm(page, ADMIN);
    await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();
    await page.route("**/admin/logout", (route) =>
      route.fulfill({ status: 500, json: { ok: false, message: "Session store unavailable" } }),
    );
    await page.getByRole("button", { name: "Выйти" }).click();
    await expectToast(page, "Session store unavailable", { failure: true });
    await page.unroute("**/admin/logout");
    await page.route("**/admin/logout", (route) => route.abort());
    await page.getByRole("button", { name: "Выйти" }).click();
    await expectToast(page, "Произошла неожиданная ошибка", { failure: true });
    await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();
    await page.unroute("**/admin/logout");
    // This page's own session: ending it leaves the shared sessions alone.
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
  });
});

test.describe("[ADMIN][AUTH] sign-up without e-mail", () => {
  test("shows 'Регистрация успешна' when the new account is signed in at once", async ({ page }) => {
    const email = `signed-up-${Date.now()}@example.com`;
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Пароль").fill("signed-up-password");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expectToast(page, "Регистрация успешна", { description: "Учётная запись создана, вы вошли в систему", failure: false });
    // Not the first account: signed in, without the admin role.
    await expect(page.getByText(`Вы вошли как ${email}, но у этой учётной записи нет прав администратора.`)).toBeVisible();
  });
});

test.describe("[ADMIN][AUTH] sign-up with e-mail confirmation", () => {
  test("shows 'Регистрация успешна' / 'Проверьте почту для подтверждения аккаунта'", async ({ browser }) => {
    const smtp = await startFakeSmtp();
    const port = workerPort(1);
    const server = await startIsolatedServer({
      port,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    try {
      const page = await browser.newPage({ baseURL: server.url });
      await page.goto("/admin");
      await page.getByRole("tab", { name: "Регистрация" }).click();
      await page.getByLabel("Email").fill("new-admin@example.com");
      await page.getByLabel("Пароль").fill("new-admin-password");
      await page.getByRole("button", { name: "Зарегистрироваться" }).click();
      await expectToast(page, "Регистрация успешна", { description: "Проверьте почту для подтверждения аккаунта", failure: false });
      await expect.poll(() => smtp.messages.length).toBe(1);
      await expect(page.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
      await page.close();
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
