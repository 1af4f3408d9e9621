import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

const PATH = "/e2e-release-campaign";

/** A datetime-local value in the site's time zone (UTC on the test servers), to the second. */
const localValue = (at: Date) => at.toISOString().slice(0, 19);

test.describe("[ADMIN][RELEASES] a release that ends on time", () => {
  test.use({ storageState: adminStorageState });

  test("a published release with an end time is reverted at that time: its page is gone again", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto("/admin/other/releases");
    await page.getByLabel("Название выпуска").fill("E2E campaign release");
    await page.getByRole("button", { name: "Создать и открыть" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/releases\/\d+$/);
    const releaseUrl = page.url();

    // A new landing page, published, staged into the release.
    await page.goto("/admin/other/pages");
    await page.getByLabel("Название").fill("E2E release campaign");
    await page.getByLabel("Адрес").fill(PATH);
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/pages\?page=\d+/);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-staged")).toBeVisible();
    expect((await request.get(PATH, { maxRedirects: 0 })).status()).toBe(404);

    await page.goto(releaseUrl);
    await page.getByRole("button", { name: "Опубликовать сейчас" }).click();
    await expect(page.getByTestId("release-state")).toHaveText("Опубликован");
    expect((await request.get(PATH, { maxRedirects: 0 })).status()).toBe(200);

    // An end time a few seconds ahead: the job reverts the release's changes as one group.
    const endsAt = page.getByLabel(/^Окончание: изменения выпуска отменятся/);
    await endsAt.fill(localValue(new Date(Date.now() - 3_600_000)));
    await page.getByRole("button", { name: "Сохранить окончание" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Время окончания уже прошло" }).first()).toBeVisible();
    await endsAt.fill(localValue(new Date(Date.now() + 8_000)));
    await page.getByRole("button", { name: "Сохранить окончание" }).click();
    await expect(page.getByTestId("release-ends-at")).toBeVisible();
    await expectNoAxeViolations(page, "a published release with its end time");
    await expect(async () => {
      expect((await request.get(PATH, { maxRedirects: 0 })).status()).toBe(404);
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await page.reload();
    await expect(page.getByText("Отменён по окончании")).toBeVisible();
  });
});
