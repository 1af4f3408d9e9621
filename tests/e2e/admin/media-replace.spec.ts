import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast } from "../support/dashboard";

const picture = (colour: string) =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: colour } })
    .png()
    .toBuffer();

// Replacing a file in place (issue 45): the library's 'Заменить' stores a new version and every
// place that showed the file shows it at once, here the site's Open Graph image on a public page.
test.describe("[ADMIN][MEDIA] replacing a file in place", () => {
  test.use({ storageState: adminStorageState });

  test("a new version of the Open Graph image reaches the public pages at once; an unreadable one is refused", async ({
    page,
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL!, "content-type": "application/octet-stream" };
    const uploaded = await request.post("/admin/upload?page=global&section=og_image_url", { headers, data: await picture("#4f46e5") });
    expect(uploaded.status()).toBe(200);
    const oldUrl = ((await uploaded.json()) as { url: string }).url;
    const name = oldUrl.replace("/uploads/", "");
    const ogImage = async () => {
      const response = await request.get("/faq");
      return /<meta property="og:image" content="[^"]*?(\/uploads\/[^"]+)"/.exec(await response.text())?.[1];
    };
    try {
      expect(await ogImage()).toBe(oldUrl);
      await page.goto(`/admin/other/media?q=${encodeURIComponent(name)}`);
      const card = page.getByRole("article", { name });
      await expect(card.getByText("Заменить")).toBeVisible();
      await expectNoAxeViolations(page, "the library with a file's replace button");

      // Not an image: refused, nothing changes.
      await card.getByLabel(`Заменить файл ${name} новой версией`).setInputFiles({
        name: "terms.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4 a document"),
      });
      await expectToast(page, "Ошибка", { failure: true });
      expect(await ogImage()).toBe(oldUrl);

      await card.getByLabel(`Заменить файл ${name} новой версией`).setInputFiles({
        name: "new-og.png",
        mimeType: "image/png",
        buffer: await picture("#0f766e"),
      });
      await expectToast(page, "Готово", { description: "Новая версия сохранена. Изменено мест: 1", failure: false });
      const newUrl = await ogImage();
      expect(newUrl).toMatch(/^\/uploads\/og_image_url_\d+\.png$/);
      expect(newUrl).not.toBe(oldUrl);
      // The new file is the one used now; the old one stays in the library, used nowhere.
      await page.goto(`/admin/other/media?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("article", { name }).getByText("Нигде не используется")).toBeVisible();
    } finally {
      await request.delete("/admin/upload?page=global&section=og_image_url", { headers: { Origin: baseURL! } });
    }
  });

  test("'Из медиатеки' in an image field gives it a library image, saved at once", async ({ page, request, baseURL }) => {
    const headers = { Origin: baseURL!, "content-type": "application/octet-stream" };
    // Into the library itself, under a name of its own.
    const uploaded = await request.post("/admin/media/upload?name=picker-photo.png", { headers, data: await picture("#be123c") });
    expect(uploaded.status()).toBe(200);
    const name = ((await uploaded.json()) as { file: { name: string } }).file.name;
    const url = `/uploads/${name}`;
    try {
      await page.goto("/admin/settings/branding");
      const field = page.getByTestId("image-upload-og_image_url");
      await field.getByRole("button", { name: "Из медиатеки" }).click();
      const dialog = page.getByRole("dialog", { name: "Выбрать изображение из медиатеки" });
      await dialog.getByLabel("Поиск по имени файла").fill(name);
      await expect(dialog.getByRole("button", { name: `Выбрать ${name}` })).toBeVisible();
      await expectNoAxeViolations(page, "the library picker");
      await dialog.getByRole("button", { name: `Выбрать ${name}` }).click();
      await expectToast(page, "Изображение из медиатеки выбрано", { failure: false });
      await expect(dialog).toHaveCount(0);
      const faq = await (await request.get("/faq")).text();
      expect(faq).toContain(`${url}"`);
    } finally {
      await request.delete("/admin/upload?page=global&section=og_image_url", { headers: { Origin: baseURL! } });
    }
  });
});
