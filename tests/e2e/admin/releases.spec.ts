import { expect, test, type Page, workerPort } from "../support/fixtures";
import { signedIn, sql, usePostgresServer } from "../support/postgres-server";
import { expectNoAxeViolations } from "../support/axe";
import { toast } from "../support/dashboard";

// Two administrators need a database the spec can write to: a fresh PostgreSQL database of its own.
const PORT = workerPort(2);
const AUTHOR = { email: "release-author@example.com", password: "author-password-1" };
const REVIEWER = { email: "release-reviewer@example.com", password: "reviewer-password-1" };
const RELEASE = "Новые тарифы с 1 февраля";
const HERO = `Hero from the release ${Date.now().toString(36)}`;
const FEES = `Fees from the release ${Date.now().toString(36)}`;
const TERMS = `Terms from the release ${Date.now().toString(36)}`;

/** The staged value shown under a card's live one. */
async function expectStaged(scope: ReturnType<Page["locator"]>, text: string) {
  await expect(scope.getByTestId("staged-value")).toContainText(text);
}

test.describe("[ADMIN][RELEASES] stage, approve, schedule, publish, undo", () => {
  const site = usePostgresServer("releases", PORT);

  // long-function: the whole flow of the issue, one step after another
  test("open a release, change the hero, a fee, a menu item and the terms, approve, schedule, see it live, undo", async ({ browser }) => {
    test.setTimeout(180_000);
    const author = await signedIn(browser, site.server.url, AUTHOR, true);
    await signedIn(browser, site.server.url, REVIEWER, true).then((page) => page.context().close());
    await sql(site.databaseUrl, `INSERT INTO admin_users (user_id) SELECT id FROM "user" WHERE email = $1`, [REVIEWER.email]);
    const reviewer = await signedIn(browser, site.server.url, REVIEWER, false);
    const origin = { Origin: site.server.url };
    // Live content to change: the default rows and the legal pages (saved live, no release open).
    expect((await author.request.post("/admin/content", { headers: origin, form: { intent: "initialize-content" } })).ok()).toBe(true);
    expect((await author.request.post("/admin/legal", { headers: origin, form: { intent: "init-legal-pages" } })).ok()).toBe(true);

    // Four eyes on, then a new release, opened for editing.
    await author.goto("/admin/other/releases");
    await expect(author.getByTestId("drafting-mode")).toContainText("Изменения сразу на сайте");
    await author.getByLabel("Публикация только после проверки другим администратором").check();
    await author.getByRole("button", { name: "Сохранить правила" }).click();
    await expect(toast(author, "Правила сохранены")).toBeVisible();
    await expectNoAxeViolations(author, "the releases list");
    await author.getByLabel("Название выпуска").fill(RELEASE);
    await author.getByRole("button", { name: "Создать и открыть" }).click();
    await expect(author).toHaveURL(/\/admin\/other\/releases\/\d+$/);
    const releaseUrl = author.url();
    await expect(author.getByTestId("drafting-mode")).toContainText(`Черновик: ${RELEASE}`);

    // The hero, a fee, a menu item and the terms: each save is staged, shown beside the live value.
    await author.goto("/admin/content?page=home");
    await expect(author.getByTestId("drafting-mode")).toContainText(`Черновик: ${RELEASE}`);
    const hero = author.getByTestId("content-card-hero_title");
    await hero.getByRole("textbox").fill(HERO);
    await hero.getByRole("button", { name: "Save" }).click();
    await expectStaged(hero, HERO);
    await author.goto("/admin/fees");
    const feeForm = author.locator("form", { has: author.locator("#fee-page_title") });
    await author.locator("#fee-page_title").fill(FEES);
    await feeForm.getByRole("button", { name: "Save" }).click();
    await expectStaged(feeForm, FEES);
    await author.goto("/admin/menu");
    const item = author.getByRole("region", { name: "Верхнее меню (header)" }).locator('[data-testid^="menu-item-"]').first();
    const itemName = (await item.locator("p").first().innerText()).trim();
    await item.getByRole("button", { name: /^Скрыть/ }).click();
    await expectStaged(item, "скрыт");
    await author.goto("/admin/legal");
    const terms = author.getByRole("tabpanel", { name: "Terms of Service" });
    await terms.locator(".ql-editor").click();
    await author.keyboard.press("Control+End");
    await author.keyboard.press("Enter");
    await author.keyboard.type(TERMS);
    await terms.getByRole("button", { name: "Сохранить контент" }).click();
    await expect(terms.getByTestId("staged-value")).toBeVisible();

    // Nothing of it is on the site yet.
    const visitor = await (await browser.newContext({ baseURL: site.server.url })).newPage();
    await visitor.goto("/fees");
    await expect(visitor.locator("body")).not.toContainText(FEES);

    // The release lists the four changes with their diff; the author cannot approve their own.
    await author.goto(releaseUrl);
    await expect(author.getByTestId("release-change")).toHaveCount(4);
    await expect(author.getByTestId("release-change").filter({ hasText: "fees/page_title" }).locator("ins")).toContainText([
      FEES.split(" ").at(-1)!,
    ]);
    await expect(author.getByRole("button", { name: "Одобрить" })).toHaveCount(0);
    await expectNoAxeViolations(author, "a release's page");

    // The second administrator approves.
    await reviewer.goto(releaseUrl);
    await reviewer.getByLabel("Комментарий (необязательно)").fill("Проверено");
    await reviewer.getByRole("button", { name: "Одобрить" }).click();
    await expect(toast(reviewer, "Выпуск одобрен")).toBeVisible();
    await expect(reviewer.getByTestId("release-state")).toHaveText("Одобрен");

    // Scheduled a few seconds ahead (site time zone UTC): it goes live on its own.
    await author.reload();
    const at = new Date(Date.now() + 6_000).toISOString().slice(0, 19);
    await author.getByLabel(/Дата и время публикации/).fill(at);
    await author.getByRole("button", { name: "Запланировать" }).click();
    await expect(author.getByTestId("release-state")).toHaveText("Запланирован");
    await expect(async () => {
      await visitor.goto("/fees");
      await expect(visitor.getByRole("heading", { name: FEES })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await visitor.goto("/home");
    await expect(visitor.locator("body")).toContainText(HERO);
    await expect(visitor.getByRole("navigation", { name: "Main" })).not.toContainText(itemName);
    await visitor.goto("/terms");
    await expect(visitor.locator("main")).toContainText(TERMS);

    // Undone as one group: every value back as it was.
    await author.reload();
    await expect(author.getByTestId("release-state")).toHaveText("Опубликован");
    await author.getByRole("button", { name: "Отменить выпуск целиком" }).click();
    await expect(toast(author, /Выпуск отменён/)).toBeVisible();
    await visitor.goto("/fees");
    await expect(visitor.locator("body")).not.toContainText(FEES);
    await visitor.goto("/home");
    await expect(visitor.locator("body")).not.toContainText(HERO);
    await visitor.goto("/terms");
    await expect(visitor.locator("main")).not.toContainText(TERMS);
  });
});
