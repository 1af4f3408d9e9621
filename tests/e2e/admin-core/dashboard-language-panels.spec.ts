import { expect, test, workerBaseUrl, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, postAction, postForm } from "../support/dashboard";
import { en } from "../../../app/features/admin-i18n/catalogue/en";
import { ru } from "../../../app/features/admin-i18n/catalogue/ru";

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

// A date as en-GB writes it in the dashboard: "28 Nov 2026, 14:05 UTC".
const englishDate = /\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} UTC/;

test.describe("[ADMIN][I18N] the activity log, history, fees and inbox in English", () => {
  test.use({ storageState: adminStorageState });
  test.afterEach(async ({ request }) => {
    await postForm(request, workerBaseUrl(), "/admin/language", { language: "ru" });
  });

  test("an administrator who picks English reads the log, a card's history, the fees and the inbox in English", async ({
    page,
    request,
  }) => {
    // An entry of our own in the log: a fees field changed (put back at the end).
    await open(page, "/admin/fees");
    const original = await page.locator("#fee-cta_title").inputValue();
    const value = `Fees in English ${Date.now()}`;
    expect(await postAction(request, workerBaseUrl(), "/admin/fees", { intent: "update-fee", section: "cta_title", value })).toBe(200);
    try {
      await open(page, "/admin/other/activity");
      await expect(page.getByRole("heading", { name: ru.activity.title, level: 2 })).toBeVisible();
      await page.getByRole("form", { name: ru.language.label }).getByRole("button", { name: "English" }).click();
      await expectToast(page, en.language.changed, { failure: false });

      // The log: its heading, filters and columns, the entry described in English, its date en-GB.
      await expect(page.getByRole("heading", { name: en.activity.title, level: 2 })).toBeVisible();
      await expect(page).toHaveTitle(`${en.activity.title} · ${en.shell.title}`);
      await expect(page.getByRole("button", { name: en.activity.show })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: en.activity.when })).toBeVisible();
      await expect(page.getByLabel(en.activity.area).locator("option", { hasText: en.activity.areas.fees })).toHaveCount(1);
      const entry = page
        .getByTestId("activity-entry")
        .filter({ hasText: `${en.activity.areas.fees}: ${en.activity.actions.update}` })
        .first();
      await expect(entry).toContainText(en.activity.pageSection({ page: "fees", section: "cta_title" }));
      await expect(entry.locator("td").first()).toHaveText(englishDate);
      await expect(page.getByRole("heading", { name: en.activity.restore.groups })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath("activity-log-en.png"), fullPage: true });
      await expectNoAxeViolations(page, "the activity log in English");

      // The card's history, opened from the entry.
      const title = en.activity.pageSection({ page: "fees", section: "cta_title" });
      await entry.getByRole("button", { name: en.history.openFor({ title }) }).click();
      const dialog = page.getByRole("dialog", { name: en.history.title({ title }) });
      await expect(dialog.getByText(en.history.description)).toBeVisible();
      await expect(dialog.getByTestId("revision").first()).toContainText(en.history.actions.update);
      await expect(dialog.getByTestId("revision").first()).toContainText(englishDate);
      await dialog.getByRole("button", { name: en.history.close }).click();

      // Fees and the inbox, rendered by the server in English (a fresh load).
      await open(page, "/admin/fees");
      await expect(page.getByRole("heading", { name: en.fees.title, level: 2 })).toBeVisible();
      await expect(page.getByRole("tablist", { name: en.fees.sections })).toBeVisible();
      await open(page, "/admin/other/messages");
      await expect(page.getByRole("heading", { name: en.inbox.title, level: 2 })).toBeVisible();
      await expect(page.getByRole("search", { name: en.inbox.search })).toBeVisible();
      await expect(page.getByRole("button", { name: en.inbox.find })).toBeVisible();
      await expect(page.getByText(/^(Total|Found): \d/)).toBeVisible();
    } finally {
      await postAction(request, workerBaseUrl(), "/admin/fees", { intent: "update-fee", section: "cta_title", value: original });
    }
  });
});
