import { expect, test, type Page, workerPort } from "../support/fixtures";
import { signedIn, sql, usePostgresServer } from "../support/postgres-server";

// Two administrators need a database the spec can write to: a fresh PostgreSQL database of its own.
const PORT = workerPort(1);
const FIRST = { email: "first-admin@example.com", password: "first-password-1" };
const SECOND = { email: "second-admin@example.com", password: "second-password-1" };

const setting = (page: Page) => page.getByTestId("setting-company_name");

test.describe("[ADMIN][CONFLICT] two administrators", () => {
  const site = usePostgresServer("conflict", PORT);

  test("a save against a value the other changed is refused with 409, shows theirs, and can keep it or overwrite", async ({ browser }) => {
    const first = await signedIn(browser, site.server.url, FIRST, true);
    await signedIn(browser, site.server.url, SECOND, true).then((page) => page.context().close());
    // The first account became the administrator; the second is made one directly.
    await sql(site.databaseUrl, `INSERT INTO admin_users (user_id) SELECT id FROM "user" WHERE email = $1`, [SECOND.email]);
    const second = await signedIn(browser, site.server.url, SECOND, false);

    await first.goto("/admin/settings/contact");
    await second.goto("/admin/settings/contact");
    await expect(setting(first).getByRole("textbox")).toBeVisible();
    await expect(setting(second).getByRole("textbox")).toBeVisible();

    await setting(second).getByRole("textbox").fill("Second's company");
    await setting(second).getByRole("button", { name: "Сохранить" }).click();
    await expect(second.getByText("Настройка обновлена успешно")).toBeVisible();

    await setting(first).getByRole("textbox").fill("First's company");
    const refused = first.waitForResponse(
      (response) => response.url().includes("/admin/settings") && response.request().method() === "POST",
    );
    await setting(first).getByRole("button", { name: "Сохранить" }).click();
    expect((await refused).status()).toBe(409);
    const notice = setting(first).getByTestId("conflict-notice");
    await expect(notice).toContainText("Контент был изменён другим администратором. Обновите страницу, чтобы увидеть текущую версию.");
    await expect(notice).toContainText("second-admin@example.com");
    await expect(notice).toContainText("Second's company");
    const stored = async () =>
      (await sql(site.databaseUrl, `SELECT content_value FROM page_content WHERE page_name = 'global' AND section_name = 'company_name'`))
        .rows[0]?.content_value;
    expect(await stored()).toBe("Second's company");

    // Keeping theirs: the editor shows their value and saving nothing changes nothing.
    // The page's data is reloaded behind it; held here until the administrator has typed, that
    // late answer must not overwrite what they typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await first.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const reloaded = first.waitForResponse((response) => /\.data(\?|$)/.test(response.url()));
    await notice.getByRole("button", { name: "Оставить их версию" }).click();
    await expect(setting(first).getByRole("textbox")).toHaveValue("Second's company");
    await expect(notice).toHaveCount(0);
    await setting(first).getByRole("textbox").fill("Typed while it reloads");
    release();
    await reloaded;
    await first.unroute(/\.data(\?|$)/);
    await expect(setting(first).getByRole("textbox")).toHaveValue("Typed while it reloads");
    await expect(setting(first).getByRole("button", { name: "Сохранить" })).toBeEnabled();

    // Both edit again from the same version; the second save is refused, then overwritten on purpose.
    await setting(second).getByRole("textbox").fill("Second, again");
    await setting(second).getByRole("button", { name: "Сохранить" }).click();
    await expect(second.getByText("Настройка обновлена успешно").last()).toBeVisible();
    await setting(first).getByRole("textbox").fill("First wins");
    await setting(first).getByRole("button", { name: "Сохранить" }).click();
    await expect(notice).toContainText("Second, again");
    await notice.getByRole("button", { name: "Перезаписать моей" }).click();
    await expect(notice).toHaveCount(0);
    await expect.poll(stored).toBe("First wins");

    // The log names both, and the card's history shows who wrote what.
    await first.goto("/admin/other/activity");
    await expect(first.getByTestId("activity-entry").filter({ hasText: "second-admin@example.com" }).first()).toBeVisible();
    await expect(first.getByTestId("activity-entry").filter({ hasText: "first-admin@example.com" }).first()).toBeVisible();
    await first.context().close();
    await second.context().close();
  });
});
