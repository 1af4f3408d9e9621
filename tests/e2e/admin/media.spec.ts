import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

const picture = (colour: string) =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

test.describe("[ADMIN][MEDIA] the media library", () => {
  test.use({ storageState: adminStorageState });

  test("shows where a file is used and refuses to delete it; deletes an unused file with its copies", async ({
    page,
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL!, "content-type": "application/octet-stream" };
    // Used: the site's Open Graph image; unused: a block image no page has taken.
    const used = await request.post("/admin/upload?page=global&section=og_image_url", { headers, data: await picture("#4f46e5") });
    expect(used.status()).toBe(200);
    const usedUrl = ((await used.json()) as { url: string }).url;
    const unused = await request.post("/admin/page-image", { headers, data: await picture("#0f766e") });
    expect(unused.status()).toBe(200);
    const unusedUrl = ((await unused.json()) as { url: string }).url;
    const usedName = usedUrl.replace("/uploads/", "");
    const unusedName = unusedUrl.replace("/uploads/", "");
    try {
      await page.goto("/admin/other/media");
      await expect(page.getByRole("heading", { name: "Медиатека", level: 2 })).toBeVisible();
      // Files just uploaded are not long unused: nothing to delete at once yet.
      await expect(page.getByRole("region", { name: "Давно не используемые" })).toContainText(
        "Нет файлов, которые не используются 30 дней или дольше.",
      );
      await expectNoAxeViolations(page, "the media library");

      const usedCard = page.getByRole("article", { name: usedName });
      await expect(usedCard.getByRole("link", { name: "Глобальные настройки: og_image_url" })).toHaveAttribute(
        "href",
        "/admin/settings/branding",
      );
      await expect(usedCard).toContainText("на сайте");
      // Who uploaded it and its pixels, from the library's catalogue.
      await expect(usedCard).toContainText("Загрузилadmin");
      await expect(usedCard).toContainText("800 × 400 пикс.");
      await usedCard.getByRole("button", { name: `Удалить файл ${usedName}` }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoAxeViolations(page, "the confirmation of a file's deletion");
      await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
      await expect(usedCard.getByRole("alert")).toHaveText(
        "Файл используется, удалить его нельзя. Где: Глобальные настройки: og_image_url (на сайте)",
      );
      expect((await request.get(usedUrl)).status()).toBe(200);

      // The filter and the search find the unused file alone.
      // The filters find the unused file alone: unused, images, uploaded by the admin today.
      await page.getByLabel("Показать").selectOption("unused");
      // A part of its name (without the extension): other specs on this server upload block images too.
      await page.getByLabel("Поиск по имени").fill(unusedName.replace(/\.png$/, ""));
      await page.getByLabel("Вид").selectOption("images");
      await page.getByLabel("Загрузил").selectOption({ label: "admin" });
      await page.getByLabel("Загружен с").fill(new Date().toISOString().slice(0, 10));
      await page.getByRole("button", { name: "Применить" }).click();
      await expect(page).toHaveURL(/used=unused.*type=images.*uploader=/);
      await expect(page.getByText(/^Файлы 1–1 из 1 найденных/)).toBeVisible();
      await expectNoAxeViolations(page, "the media library filtered");
      const unusedCard = page.getByRole("article", { name: unusedName });
      await expect(unusedCard).toContainText("Нигде не используется");
      await expect(page.getByRole("article", { name: usedName })).toHaveCount(0);
      const copy = unusedUrl.replace(/\.png$/, "-w640.webp");
      expect((await request.get(copy)).status()).toBe(200);

      await unusedCard.getByRole("button", { name: `Удалить файл ${unusedName}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
      await expect(page.getByRole("article", { name: unusedName })).toHaveCount(0);
      await expect(page.getByText(`Файл ${unusedName} удалён`)).toBeVisible();
      expect((await request.get(unusedUrl)).status()).toBe(404);
      expect((await request.get(copy)).status()).toBe(404);
    } finally {
      await request.delete("/admin/upload?page=global&section=og_image_url", { headers: { Origin: baseURL! } });
    }
  });

  test("on a phone's width the dashboard's header keeps every control on the screen, the library's filters stacked", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/other/media");
    await expect(page.getByRole("heading", { name: "Медиатека", level: 2 })).toBeVisible();
    for (const control of [page.getByRole("button", { name: "Выйти" }), page.getByRole("button", { name: "Применить" })]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
