import { expect, test, type Browser, type Locator, type Page, workerPort } from "../support/fixtures";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast } from "../support/dashboard";
import { signUp } from "../support/accounts";
import { startIsolatedServer, type IsolatedServer } from "../support/isolated-server";
import { totp } from "../../support/totp";

// Its own server: two-factor and its requirement change how every administrator signs in, which
// the shared server's other specs must not see.
const PORT = workerPort(1);
const OWNER = { email: "owner@example.com", password: "owner-password-1" };
const SECOND = { email: "second@example.com", password: "second-password-1" };
const TEAM = "/admin/other/team";
const SHOTS = `test-results/screenshots-${process.env.E2E_PORT ?? 4173}`;

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

async function freshPage(browser: Browser, server: IsolatedServer) {
  const context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function signInWithPassword(page: Page, account: typeof OWNER) {
  await ready(page, "/admin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
}

/** Enrols from an open enrolment form: password, the secret shown as text into a TOTP computed here, then the backup codes. */
async function enrol(page: Page, scope: Page | Locator, password: string, screenshot?: string) {
  await scope.getByLabel("Пароль").fill(password);
  await scope.getByRole("button", { name: "Продолжить" }).click();
  const secret = (await scope.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(scope.getByRole("img", { name: "QR-код для приложения-аутентификатора" }).locator("svg")).toBeVisible();
  await expectNoAxeViolations(page, "two-factor enrolment");
  if (screenshot) await page.screenshot({ path: `${SHOTS}/${screenshot}` });
  await scope.getByLabel("Код из приложения").fill(totp(secret));
  await scope.getByRole("button", { name: "Подтвердить и включить" }).click();
  await expect(scope.getByText("Двухфакторная аутентификация включена.")).toBeVisible();
  if (screenshot) await page.screenshot({ path: `${SHOTS}/backup-codes-${screenshot}` });
  const codes = await scope.getByRole("list", { name: "Резервные коды" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await scope.getByRole("button", { name: "Готово" }).click();
  return { secret, codes };
}

test.describe("[ADMIN][TEAM] two-factor sign-in", () => {
  // long-function: enrolment, both sign-in kinds and the requirement are one account's sequence
  test("enrol, sign in with a code and with a backup code, then require it for every administrator", async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const server = await startIsolatedServer({ port: PORT, env: { AUTH_RATE_LIMIT: "1000" } });
    try {
      const request = await playwright.request.newContext();
      await signUp(request, server.url, OWNER);
      await signUp(request, server.url, SECOND);
      await request.dispose();

      // Enrolment from 'Другое → Администраторы'.
      const page = await freshPage(browser, server);
      await signInWithPassword(page, OWNER);
      await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();
      await ready(page, TEAM);
      await expect(page.getByTestId("own-two-factor")).toHaveText(/Не включена/);
      // The requirement cannot be turned on before one's own enrolment.
      await expect(page.getByRole("radio", { name: /Обязательна для всех администраторов/ })).toBeDisabled();
      await page.getByRole("button", { name: "Включить двухфакторную аутентификацию" }).click();
      const dialog = page.getByRole("dialog", { name: "Включение двухфакторной аутентификации" });
      const { secret, codes } = await enrol(page, dialog, OWNER.password, "two-factor-enrolment.png");
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("own-two-factor")).toHaveText(/Включена/);
      await expect(page.getByTestId(`team-member-${OWNER.email}`).getByTestId("two-factor-state")).toHaveText("Включена");
      await expect(page.getByTestId(`team-member-${SECOND.email}`).getByTestId("two-factor-state")).toHaveText("Выключена");
      await page.screenshot({ path: `${SHOTS}/two-factor-team-list.png`, fullPage: true });

      // Password, then the code from the app.
      await signOut(page);
      await signInWithPassword(page, OWNER);
      await expect(page.getByRole("heading", { name: "Подтверждение входа" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
      await expectNoAxeViolations(page, "the sign-in code step");
      await page.screenshot({ path: `${SHOTS}/two-factor-code-step.png` });
      await page.getByLabel("Код из приложения").fill("000000" === totp(secret) ? "111111" : "000000");
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expectToast(page, "Ошибка входа", { description: "Неверный код", failure: true });
      await page.getByLabel("Код из приложения").fill(totp(secret));
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();

      // Password, then a backup code: once.
      await signOut(page);
      await signInWithPassword(page, OWNER);
      await page.getByRole("button", { name: "Использовать резервный код" }).click();
      await page.getByLabel("Резервный код").fill(codes[0]!);
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();
      await signOut(page);
      await signInWithPassword(page, OWNER);
      await page.getByRole("button", { name: "Использовать резервный код" }).click();
      await page.getByLabel("Резервный код").fill(codes[0]!);
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expectToast(page, "Ошибка входа", { description: "Неверный код", failure: true });
      await page.getByLabel("Резервный код").fill(codes[1]!);
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();

      // A second administrator, then the requirement for all.
      await ready(page, TEAM);
      await page.getByLabel(`Роль ${SECOND.email}`).selectOption("administrator");
      await expectToast(page, "Роль изменена", { failure: false });
      await page.getByRole("radio", { name: /Обязательна для всех администраторов/ }).check();
      await expectToast(page, "Настройка обновлена", { failure: false });

      // The second administrator is sent to enrolment before any tab, whichever tab they open.
      const second = await freshPage(browser, server);
      await signInWithPassword(second, SECOND);
      const required = second.getByRole("heading", { name: "Включите двухфакторную аутентификацию" });
      await expect(required).toBeVisible();
      await ready(second, "/admin/menu");
      await expect(required).toBeVisible();
      await expect(second.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
      await expectNoAxeViolations(second, "enrolment required before any tab");
      await second.screenshot({ path: `${SHOTS}/two-factor-required.png`, fullPage: true });
      await enrol(second, second, SECOND.password);
      await expect(second.getByRole("heading", { name: "Панель управления" })).toBeVisible();
      await expect(second).toHaveURL(/\/admin\/content$/);
      await second.context().close();
      await page.context().close();
    } finally {
      await server.stop();
    }
  });
});
