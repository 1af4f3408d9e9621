import { expect, test, workerPort } from "../support/fixtures";
import { openHydrated, signedIn, sql, usePostgresServer } from "../support/postgres-server";
import { expectNoAxeViolations } from "../support/axe";
import { toast } from "../support/dashboard";

// Three people with three roles need a database the spec can give roles in: a fresh PostgreSQL database of its own.
const PORT = workerPort(3);
const WIDE = { width: 1400, height: 1000 };
const ADMIN = { email: "comments-admin@example.com", password: "admin-password-1" };
const AUTHOR = { email: "comments-author@example.com", password: "author-password-1" };
const REVIEWER = { email: "comments-reviewer@example.com", password: "reviewer-password-1" };
const RELEASE = "Весенняя кампания";
const HERO = `Spring hero ${Date.now().toString(36)}`;
const REMARK = "Заголовок длинноват: до 40 знаков, пожалуйста.\nИ без восклицательного знака.";
const SEND_BACK = "Сократите заголовок и отправьте снова";
const KEY = "home/hero_title";

test.describe("[ADMIN][RELEASES] comments on a release and on its changes", () => {
  const site = usePostgresServer("comments", PORT);

  // long-function: the whole conversation, one step after another
  test("a reviewer comments on a staged change and sends back with a comment; the author reads the thread and resolves it", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // The first account is the administrator; the author and the reviewer get their roles.
    const admin = await signedIn(browser, site.server.url, ADMIN, true, WIDE);
    for (const [account, role] of [
      [AUTHOR, "author"],
      [REVIEWER, "reviewer"],
    ] as const) {
      await signedIn(browser, site.server.url, account, true, WIDE).then((page) => page.context().close());
      await sql(site.databaseUrl, `INSERT INTO admin_users (user_id, role) SELECT id, $2 FROM "user" WHERE email = $1`, [
        account.email,
        role,
      ]);
    }
    expect(
      (await admin.request.post("/admin/content", { headers: { Origin: site.server.url }, form: { intent: "initialize-content" } })).ok(),
    ).toBe(true);
    const author = await signedIn(browser, site.server.url, AUTHOR, false, WIDE);
    const reviewer = await signedIn(browser, site.server.url, REVIEWER, false, WIDE);

    // The author stages a new hero into a release and submits it.
    await openHydrated(author, "/admin/other/releases");
    await author.getByLabel("Название выпуска").fill(RELEASE);
    await author.getByRole("button", { name: "Создать и открыть" }).click();
    await expect(author).toHaveURL(/\/admin\/other\/releases\/\d+$/);
    const releaseUrl = new URL(author.url()).pathname;
    await openHydrated(author, "/admin/content?page=home");
    const hero = author.getByTestId("content-card-hero_title");
    await hero.getByRole("textbox").fill(HERO);
    await hero.getByRole("button", { name: "Save" }).click();
    await expect(hero.getByTestId("staged-value")).toContainText(HERO);
    await openHydrated(author, releaseUrl);
    await author.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(toast(author, "Выпуск отправлен на проверку")).toBeVisible();

    // The author is offered no sign-off and no publish; the reviewer no edit and no publish.
    await expect(author.getByRole("button", { name: "Одобрить" })).toHaveCount(0);
    await expect(author.getByRole("button", { name: "Опубликовать сейчас" })).toHaveCount(0);

    // The reviewer comments beside the change's diff.
    await openHydrated(reviewer, releaseUrl);
    await expect(reviewer.getByRole("button", { name: "Редактировать в выпуске" })).toHaveCount(0);
    await expect(reviewer.getByRole("button", { name: "Опубликовать сейчас" })).toHaveCount(0);
    const change = reviewer.getByTestId("release-change").filter({ hasText: KEY });
    const changeThread = change.getByRole("region", { name: `Обсуждение изменения ${KEY}` });
    await expect(changeThread).toContainText("Комментариев пока нет.");
    await changeThread.getByLabel(`Комментарий к изменению ${KEY}`).fill(REMARK);
    await changeThread.getByRole("button", { name: "Комментировать" }).click();
    await expect(toast(reviewer, "Комментарий добавлен")).toBeVisible();
    await expect(changeThread.getByTestId("open-comments")).toContainText("Заголовок длинноват");
    await expect(changeThread.getByLabel(`Комментарий к изменению ${KEY}`)).toHaveValue("");

    // Sending back needs a comment: the form does not go without one, and goes with one.
    const sendBack = reviewer.getByRole("button", { name: "Вернуть на доработку" });
    await sendBack.click();
    await expect(reviewer.getByTestId("release-state")).toHaveText("На проверке");
    await reviewer.getByLabel("Что исправить").fill(SEND_BACK);
    await sendBack.click();
    await expect(toast(reviewer, "Выпуск возвращён автору")).toBeVisible();
    await expect(reviewer.getByTestId("release-state")).toHaveText("Черновик");
    const releaseThread = reviewer.locator('[data-testid="release-thread"][data-change-key=""]');
    await expect(releaseThread).toContainText(SEND_BACK);
    await expect(releaseThread).toContainText("Возврат на доработку");
    await expectNoAxeViolations(reviewer, "a release's page with its threads, as the reviewer");
    await change.scrollIntoViewIfNeeded();
    await reviewer.screenshot({ path: "test-results/release-comments-reviewer.png", fullPage: true });

    // The author sees both threads, the remark with its line break, and resolves the change's.
    await openHydrated(author, releaseUrl);
    const authorChange = author
      .getByTestId("release-change")
      .filter({ hasText: KEY })
      .getByRole("region", { name: `Обсуждение изменения ${KEY}` });
    await expect(authorChange.getByTestId("release-comment")).toHaveCount(1);
    await expect(authorChange.getByTestId("release-comment").locator("p").nth(1)).toHaveText(REMARK, { useInnerText: true });
    await expect(author.locator('[data-testid="release-thread"][data-change-key=""]')).toContainText(SEND_BACK);
    await authorChange.getByRole("button", { name: "Отметить решённым" }).click();
    await expect(toast(author, "Обсуждение отмечено решённым")).toBeVisible();
    // Folded away, still there on request.
    await expect(authorChange.getByTestId("open-comments")).toHaveCount(0);
    await expect(authorChange).toContainText("Комментариев пока нет.");
    const resolved = authorChange.getByTestId("resolved-comments");
    await expect(resolved.getByTestId("release-comment")).toBeHidden();
    await resolved.getByText("Показать решённые (1)").click();
    await expect(resolved.getByTestId("release-comment")).toBeVisible();
    await expect(resolved).toContainText(`Решено: ${AUTHOR.email}`);
    await expectNoAxeViolations(author, "a release's page with a resolved thread shown, as the author");
    await author.screenshot({ path: "test-results/release-comments-author.png", fullPage: true });
  });
});
