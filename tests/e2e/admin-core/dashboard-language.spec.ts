import { expect, test, workerBaseUrl, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, postForm } from "../support/dashboard";
import { en } from "../../../app/features/admin-i18n/catalogue/en";
import { ru } from "../../../app/features/admin-i18n/catalogue/ru";

const TEAM = "/admin/other/team";

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

const picker = (page: Page, label: string) => page.getByRole("form", { name: label });

test.describe("[ADMIN][I18N] the dashboard in the administrator's language", () => {
  test.use({ storageState: adminStorageState });
  // The account's language is the worker's own admin's: put back whatever a test left.
  test.afterEach(async ({ request }) => {
    await postForm(request, workerBaseUrl(), "/admin/language", { language: "ru" });
  });

  test("an administrator switches to English, sees the dashboard in English, and switches back", async ({ page }) => {
    await open(page, TEAM);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { name: ru.shell.title, level: 1 })).toBeVisible();

    await picker(page, ru.language.label).getByRole("button", { name: "English" }).click();
    await expectToast(page, en.language.changed, { failure: false });
    await expect(page.getByRole("heading", { name: en.shell.title, level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const tabs = page.getByRole("navigation", { name: en.shell.sections });
    for (const name of Object.values(en.tabs)) await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: en.shell.logout })).toBeVisible();
    await expect(picker(page, en.language.label).getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

    // A date in English (en-GB: day/month/year), and a count with its English plural.
    const sessions = page.getByRole("list", { name: en.account.sessions });
    await expect(sessions).toContainText(/active \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} UTC/);
    await expect(page.getByRole("heading", { name: /My sessions \(\d+ sessions?\)/ })).toBeVisible();

    // An error: the password form's own check, in English.
    const form = page.getByRole("form", { name: en.account.passwordForm });
    await form.getByRole("button", { name: en.account.changePassword }).click();
    await expect(form.getByText(en.account.currentPasswordRequired)).toBeVisible();
    await expect(form.getByText(en.account.newPasswordShort)).toBeVisible();

    // Rendered by the server in English too (a fresh load, before any script).
    await page.reload();
    await expect(page.getByRole("heading", { name: en.shell.title, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "the dashboard in English");

    await picker(page, en.language.label).getByRole("button", { name: "Русский" }).click();
    await expectToast(page, ru.language.changed, { failure: false });
    await expect(page.getByRole("heading", { name: ru.shell.title, level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("navigation", { name: ru.shell.sections }).getByRole("link", { name: ru.tabs.content })).toBeVisible();
  });

  test("an unknown language is refused in the administrator's language and changes nothing", async ({ page, request }) => {
    // As the dashboard posts it (React Router's data request), to read the refusal's message.
    const post = (language: string) => postForm(request, workerBaseUrl(), "/admin/language.data", { language });
    const answer = await post("de");
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain(ru.language.unknown);
    expect((await post("en")).status()).toBe(200);
    const inEnglish = await post("xx");
    expect(inEnglish.status()).toBe(400);
    expect(await inEnglish.text()).toContain(en.language.unknown);
    await open(page, "/admin/content");
    await expect(page.getByRole("heading", { name: en.shell.title, level: 1 })).toBeVisible();
  });
});
