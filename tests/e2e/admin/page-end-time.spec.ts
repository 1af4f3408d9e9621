import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";

const PATH = "/e2e-ending-campaign";

/** A datetime-local value in the site's time zone (UTC on the test servers), to the second. */
const localValue = (at: Date) => at.toISOString().slice(0, 19);

test.describe("[ADMIN][PAGES] a campaign that ends on time", () => {
  test.use({ storageState: adminStorageState });

  test("an administrator sets an end time with a 301 to /fees; at that time a visitor is redirected", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto("/admin/other/pages");
    await page.getByLabel("Название").fill("E2E ending campaign");
    await page.getByLabel("Адрес").fill(PATH);
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/pages\?page=\d+/);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    expect((await request.get(PATH, { maxRedirects: 0 })).status()).toBe(200);

    // A time already passed is refused next to the field, and a malformed target next to its own.
    const endsAt = page.getByLabel("Снять с публикации", { exact: true });
    const target = page.getByLabel("Переадресовать после окончания (пусто: 404)");
    const saveEnd = page.getByRole("button", { name: "Сохранить окончание" });
    await endsAt.fill(localValue(new Date(Date.now() - 3_600_000)));
    await saveEnd.click();
    await expect(page.locator("form", { has: endsAt })).toContainText("Время окончания уже прошло: укажите время в будущем");
    await endsAt.fill(localValue(new Date(Date.now() + 3_600_000)));
    await target.fill("javascript:alert(1)");
    await saveEnd.click();
    await expect(page.locator("form", { has: endsAt })).toContainText("Цель: путь от / или адрес https://");
    await expect(page.getByTestId("page-end-state")).toHaveCount(0);

    // A few seconds ahead, to /fees with a 301.
    const at = new Date(Date.now() + 8_000);
    await endsAt.fill(localValue(at));
    await target.fill("/fees");
    await page.getByLabel("Код переадресации").selectOption("301");
    await saveEnd.click();
    await expectToast(page, "Окончание сохранено", { failure: false });
    await expect(page.getByTestId("page-end-state")).toContainText("Закончится");
    await expectNoAxeViolations(page, "the page editor with its end time");

    // The server's job unpublishes it on its own at that time.
    await expect(async () => {
      const answer = await request.get(PATH, { maxRedirects: 0 });
      expect(answer.status()).toBe(301);
      expect(answer.headers()["location"]).toBe("/fees");
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    const visitor = await (await page.context().browser()!.newContext()).newPage();
    await visitor.goto(new URL(PATH, page.url()).toString());
    await expect(visitor).toHaveURL(/\/fees$/);
    await visitor.context().close();

    // The dashboard shows it ended: unpublished, and 'ended …' in the list.
    await page.reload();
    await expect(page.getByTestId("page-status")).toHaveText("Снята с публикации");
    await page.goto("/admin/other/pages");
    const row = page.getByRole("listitem").filter({ hasText: PATH });
    await expect(row.getByTestId("page-end-state")).toContainText("Закончилась");
  });
});
