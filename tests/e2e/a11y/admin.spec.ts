import { expect, test, workerBaseUrl, type Page } from "../support/fixtures";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";
import { adminStorageState, memberStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { waitForContactStamp } from "../support/contact";

const settingsTabs = ["contact", "branding", "colors", "images", "payment", "social", "currency", "buttons", "footer", "links"];

/** Clicks each tab of the first tab list on the page and checks every panel. */
async function checkEveryTab(page: Page, state: string) {
  const tabs = page.getByRole("tablist").first().getByRole("tab");
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) {
    await tabs.filter({ hasText: name }).first().click();
    await expect(tabs.filter({ hasText: name }).first()).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page, `${state}, tab ${name.trim()}`);
  }
}

test.describe("[A11Y][ADMIN] signed out and not an admin", () => {
  test("the login and sign-up forms", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: "Войти" })).toBeVisible();
    await expectNoAxeViolations(page, "the login form");
    await page.getByRole("tab", { name: "Регистрация" }).click();
    await expect(page.getByRole("button", { name: "Зарегистрироваться" }).or(page.getByRole("tabpanel").getByRole("button"))).toBeVisible();
    await expectNoAxeViolations(page, "the sign-up form");
  });

  test("the new-password form a reset link opens", async ({ page }) => {
    await page.goto("/admin?reset=not-a-real-token");
    await expect(page.getByRole("button", { name: "Сохранить пароль" })).toBeVisible();
    await expectNoAxeViolations(page, "the reset form");
  });

  test.describe("as a member", () => {
    test.use({ storageState: memberStorageState });
    test("the note for a signed-in visitor who is not an admin", async ({ page }) => {
      await page.goto("/admin");
      await expect(page.getByRole("button", { name: "Войти" })).toBeVisible();
      await expectNoAxeViolations(page, "the login screen of a member");
    });
  });
});

test.describe("[A11Y][ADMIN] every dashboard tab", () => {
  test.use({ storageState: adminStorageState });

  test("site content: each page tab and the delete confirmation", async ({ page }) => {
    await page.goto("/admin/content");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "the content tab");
    const pageTabs = page.getByRole("tablist", { name: "Pages" });
    if (await pageTabs.isVisible()) await checkEveryTab(page, "the content tab");
    const initialize = page.getByRole("button", { name: "Initialize All Content" });
    await initialize.click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page, "the Initialize All Content confirmation");
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /cancel|отмена/i })
      .click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
  });

  test("menus: the lists, the add forms and an item being edited", async ({ page }) => {
    await page.goto("/admin/menu");
    const edit = page.getByRole("button", { name: /^Изменить «/ }).first();
    await expect(edit).toBeVisible();
    await expectNoAxeViolations(page, "the menu tab");
    await edit.click();
    await expect(page.getByRole("button", { name: "Отмена" }).first()).toBeVisible();
    await expectNoAxeViolations(page, "a menu item being edited");
    await page.getByRole("button", { name: "Отмена" }).first().click();
  });

  test("success and error messages", async ({ page }) => {
    await page.goto("/admin/menu");
    // Hidden and shown again, so the menu ends as it was.
    const hide = page.getByRole("button", { name: /^Скрыть «/ }).first();
    const name = (await hide.getAttribute("aria-label"))!.replace(/^Скрыть /, "");
    await hide.click();
    await expect(page.locator("[data-sonner-toast][data-type=success]").first()).toBeVisible();
    await expectNoAxeViolations(page, "a success message");
    await page.getByRole("button", { name: `Показать ${name}` }).click();
    await expect(page.getByRole("button", { name: `Скрыть ${name}` })).toBeVisible();
    await page.locator("[data-sonner-toast] [data-close-button]").first().click();
    await page.getByRole("button", { name: "Добавить пункт меню" }).click();
    await page.getByRole("form", { name: "Новый пункт меню" }).getByRole("button", { name: "Добавить", exact: true }).click();
    await expect(page.locator("[data-sonner-toast][data-type=error]").first()).toBeVisible();
    await expectNoAxeViolations(page, "an error message");
  });

  test("legal pages: each page with its editor", async ({ page }) => {
    await page.goto("/admin/legal");
    const create = page.getByRole("button", { name: "Создать" }).first();
    if (await create.isVisible()) {
      await expectNoAxeViolations(page, "the legal tab before its pages exist");
      // The same pages the public site shows while none is stored.
      await create.click();
      await expect(page.getByRole("button", { name: "Создать" })).toHaveCount(0);
    }
    await expect(page.locator(".ql-editor").first()).toBeVisible();
    const tabs = page.getByRole("tab");
    for (const name of await tabs.allInnerTexts()) {
      await tabs.filter({ hasText: name }).click();
      await expect(page.getByRole("tabpanel", { name }).locator(".ql-editor")).toBeVisible();
      await expectNoAxeViolations(page, `the legal tab, ${name}`);
    }
  });

  test("prices and tariffs: each section", async ({ page }) => {
    await page.goto("/admin/fees");
    await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
    await checkEveryTab(page, "the fees tab");
  });

  for (const tab of settingsTabs) {
    test(`global settings: ${tab}`, async ({ page }) => {
      await page.goto(`/admin/settings/${tab}`);
      await expect(page.getByRole("tab", { selected: true })).toBeVisible();
      await expectNoAxeViolations(page, `the settings tab ${tab}`);
    });
  }

  test("the other tab", async ({ page }) => {
    await page.goto("/admin/other");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "the other tab");
  });

  test("the activity log, a card's history and a restore confirmation", async ({ page, baseURL }) => {
    const saveCompanyName = async (value: string) => {
      const answer = await page.request.post("/admin/settings", {
        headers: { Origin: baseURL! },
        form: { intent: "update-setting", section: "company_name", value },
      });
      expect(answer.status()).toBe(200);
    };
    // Something to show: a setting saved twice. Put back afterwards: public specs read it.
    for (const value of ["Axe Ltd", "Axe Group"]) await saveCompanyName(value);
    try {
      await page.goto("/admin/other/activity");
      await expect(page.getByRole("heading", { name: "Журнал" })).toBeVisible();
      await expectNoAxeViolations(page, "the activity log");
      await page
        .getByTestId("activity-entry")
        .first()
        .getByRole("button", { name: /^История/ })
        .click();
      await expect(page.getByRole("dialog").getByTestId("revision").first()).toBeVisible();
      await expectNoAxeViolations(page, "a card's history");
      await page.getByRole("dialog").getByRole("button", { name: "Восстановить" }).first().click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoAxeViolations(page, "the restore confirmation");
    } finally {
      await saveCompanyName(defaultsFor("global").company_name!);
    }
  });

  test("the inbox: a message open, and the delete confirmation", async ({ page, request }) => {
    // A message to look at: the stamp image starts the fill-time clock, as the form does.
    await request.get("/contact/stamp");
    await waitForContactStamp(request);
    const marker = `a11y-${Date.now()}`;
    await request.post("/contact", {
      form: { name: `Axe ${marker}`, email: "axe@example.com", subject: "General Inquiry", message: "Checking the inbox." },
    });
    await page.goto(`/admin/other/messages?q=${marker}`);
    const item = page.getByRole("listitem").filter({ hasText: marker });
    await expect(item).toBeVisible();
    await expectNoAxeViolations(page, "the inbox");
    await item.getByRole("button", { name: new RegExp(marker) }).click();
    await expect(item.getByRole("link", { name: "Ответить" })).toBeVisible();
    await expectNoAxeViolations(page, "an open message");
    await item.getByRole("button", { name: "Удалить" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page, "the delete confirmation");
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(item).toHaveCount(0);
  });

  test("the team section: accounts, an invitation link and the confirmations", async ({ page }) => {
    await page.goto("/admin/other/team");
    await expect(page.getByRole("heading", { name: "Команда", level: 2 })).toBeVisible();
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expectNoAxeViolations(page, "the team section");
    await page.getByLabel("Email приглашённого").fill(`a11y-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Пригласить" }).click();
    await expect(page.getByLabel("Ссылка-приглашение (показывается один раз)")).toBeVisible();
    await expectNoAxeViolations(page, "the team section with an invitation link");
    const link = await page.getByLabel("Ссылка-приглашение (показывается один раз)").inputValue();
    await page
      .getByRole("button", { name: /^Отозвать приглашение/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Удалить учётную запись member@example.com" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page, "the delete-account confirmation");
    await page.getByRole("alertdialog").getByRole("button", { name: "Отмена" }).click();

    // The invitation link's sign-up form, and the same link once withdrawn.
    const context = await page
      .context()
      .browser()!
      .newContext({ baseURL: workerBaseUrl(), storageState: { cookies: [], origins: [] } });
    const visitor = await context.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole("tab", { name: "Регистрация" })).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(visitor, "a withdrawn invitation link");
    await context.close();
  });

  test("the other tab: backups", async ({ page }) => {
    await page.goto("/admin/other/backups");
    await expect(page.getByRole("button", { name: "Создать резервную копию" })).toBeVisible();
    await expectNoAxeViolations(page, "the backups section");
  });

  test("the other tab: the edge cache", async ({ page }) => {
    await page.goto("/admin/other/edge");
    await expect(page.getByRole("heading", { name: "Кэш CDN" })).toBeVisible();
    await expectNoAxeViolations(page, "the edge cache section");
  });
});
