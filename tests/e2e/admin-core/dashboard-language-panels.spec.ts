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

// Every text a person or a screen reader meets on a screen: visible text, and the names,
// descriptions, titles, placeholders and alt texts of its elements. The language picker names
// Russian in Russian on purpose, and the picture of a page's own data (a release someone named in
// Russian) is the data's; the screens' own words must be English.
async function russianOn(page: Page, allowed: string[]) {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, iframe, [hidden]")) continue;
      if (node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll("[aria-label], [aria-description], [title], [placeholder], [alt]"))
      for (const name of ["aria-label", "aria-description", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    found.push(document.title);
    return found;
  });
  return texts.filter((text) => /[а-яё]/i.test(text) && !allowed.some((data) => text.includes(data)));
}

test.describe("[ADMIN][I18N] the converted screens in English", () => {
  test.use({ storageState: adminStorageState });
  test.afterEach(async ({ request }) => {
    await postForm(request, workerBaseUrl(), "/admin/language", { language: "ru" });
    // Saves go live again whatever the test left open.
    await postAction(request, workerBaseUrl(), "/admin/other/releases", { intent: "go-live" });
  });

  test("content, menu, settings, releases, statistics, team and two-factor show no Russian text to an English-speaking administrator", async ({
    page,
    request,
  }) => {
    expect((await postForm(request, workerBaseUrl(), "/admin/language", { language: "en" })).status()).toBeLessThan(400);
    // Data other tests of this worker may have stored in Russian (release names, menu labels, content values) is theirs, not the screen's.
    const data = async () =>
      page
        .locator("[data-testid='release-row'] a, [data-testid^='menu-item-'] p.font-medium, textarea, input")
        .evaluateAll((elements) =>
          elements.map((element) => (element as HTMLInputElement).value || element.textContent || "").filter((text) => text.trim()),
        );
    const screens: [string, () => Promise<void>][] = [
      ["/admin/content", async () => expect(page.getByRole("heading", { name: en.content.title, level: 2 })).toBeVisible()],
      ["/admin/menu", async () => expect(page.getByRole("heading", { name: en.menu.title, level: 2 })).toBeVisible()],
      ["/admin/settings/branding", async () => expect(page.getByRole("heading", { name: en.settings.title, level: 2 })).toBeVisible()],
      ["/admin/other/releases", async () => expect(page.getByRole("heading", { name: en.releases.title, level: 2 })).toBeVisible()],
      ["/admin/other/statistics", async () => expect(page.getByRole("heading", { name: en.statistics.title, level: 2 })).toBeVisible()],
      ["/admin/other/team", async () => expect(page.getByRole("heading", { name: en.team.title, level: 2 })).toBeVisible()],
    ];
    for (const [path, ready] of screens) {
      await open(page, path);
      await ready();
      await expect(page).toHaveTitle(new RegExp(` · ${en.shell.title}$`));
      const found = await russianOn(page, ["Русский", ...(await data())]);
      expect(found, path).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`${path.replaceAll("/", "_")}-en.png`), fullPage: true });
    }

    // A release's own page (one of this test's, with an open preview card), and the menu's add form.
    const name = `English release ${Date.now()}`;
    await open(page, "/admin/other/releases");
    await page.getByLabel(en.releases.name).fill(name);
    await page.getByRole("button", { name: en.releases.create }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await expect(page.getByTestId("drafting-mode")).toContainText(en.releases.draftMode({ name }));
    await expect(page).toHaveTitle(`${en.releases.releaseNamed({ name })} · ${en.shell.title}`);
    await expect(page.getByRole("heading", { name: en.releases.actions })).toBeVisible();
    expect(await russianOn(page, ["Русский", ...(await data())]), "a release").toEqual([]);
    await page.getByRole("button", { name: en.releases.goLive }).first().click();
    await expect(page.getByTestId("drafting-mode")).toContainText(en.releases.live);

    await open(page, "/admin/menu");
    await page.getByRole("button", { name: en.menu.addItem }).click();
    await expect(page.getByRole("form", { name: en.menu.newItem })).toBeVisible();
    expect(await russianOn(page, ["Русский", ...(await data())]), "the menu's add form").toEqual([]);

    // Two-factor: the own card's enrolment dialog, up to its password step.
    await open(page, "/admin/other/team");
    const enable = page.getByRole("button", { name: en.twoFactor.enable });
    if (await enable.isVisible()) {
      await enable.click();
      const dialog = page.getByRole("dialog", { name: en.twoFactor.enrolTitle });
      await expect(dialog.getByText(en.twoFactor.passwordHint)).toBeVisible();
      expect(await russianOn(page, ["Русский", ...(await data())]), "two-factor enrolment").toEqual([]);
      await dialog.getByRole("button", { name: en.twoFactor.close }).click();
    }
  });
});
