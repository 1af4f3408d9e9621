import sharp from "sharp";
import { expect, test, workerBaseUrl } from "../support/fixtures";
import { postForm } from "../support/dashboard";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

const picture = (colour: string, format: "png" | "jpeg") =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

test.describe("[ADMIN][MEDIA] uploading several files into the media library", () => {
  test.use({ storageState: adminStorageState });

  test("three files chosen at once: each with its progress and its answer, the two images in the grid, the text refused", async ({
    page,
  }) => {
    // The server's answers are held back a moment, so the bars are seen while the files are on their way.
    await page.route("**/admin/media/upload?**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.goto("/admin/other/media");
    await expect(page.getByRole("heading", { name: "Загрузка файлов", level: 3 })).toBeVisible();
    const input = page.getByLabel("Перетащите файлы сюда или нажмите, чтобы выбрать несколько");
    await input.setInputFiles([
      { name: "Sunrise.png", mimeType: "image/png", buffer: await picture("#f59e0b", "png") },
      { name: "harbour view.jpg", mimeType: "image/jpeg", buffer: await picture("#0369a1", "jpeg") },
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are notes, not a picture") },
    ]);

    const list = page.getByRole("list", { name: "Загружаемые файлы" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    for (const name of ["Sunrise.png", "harbour view.jpg", "notes.png"])
      await expect(page.getByRole("progressbar", { name: `Загрузка файла ${name}` })).toBeVisible();
    await page.screenshot({ path: "test-results/media-upload-during.png", fullPage: true });

    const item = (name: string) => list.locator(`[data-upload="${name}"]`);
    await expect(item("Sunrise.png")).toContainText("Загружен в медиатеку");
    await expect(item("harbour view.jpg")).toContainText("Загружен в медиатеку");
    await expect(item("notes.png")).toContainText("Формат файла не поддерживается: по содержимому это не JPG, PNG, GIF или WebP.");
    await expect(page.getByRole("progressbar", { name: "Загрузка файла Sunrise.png" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByRole("status").filter({ hasText: "Загружено: 2, с ошибкой: 1" })).toBeVisible();

    // The grid is loaded again: the two images are there, named by their stems, uploaded by the admin.
    const sunrise = page.getByRole("article", { name: /^sunrise_\d+\.png$/ });
    const harbour = page.getByRole("article", { name: /^harbour_view_\d+\.jpg$/ });
    await expect(sunrise).toBeVisible();
    await expect(harbour).toBeVisible();
    await expect(sunrise).toContainText("Загрузилadmin");
    await expect(harbour).toContainText("640 × 360 пикс.");
    await expect(page.getByRole("article", { name: /^notes_/ })).toHaveCount(0);

    await page.screenshot({ path: "test-results/media-upload-after.png", fullPage: true });
    await expectNoAxeViolations(page, "the media library with its upload list");

    // The list goes when asked; the drop zone takes more.
    await page.getByRole("button", { name: "Очистить список" }).click();
    await expect(list).toHaveCount(0);
  });

  test("the drop zone takes files dropped on it, and the file input is reached with the keyboard", async ({ page }) => {
    await page.goto("/admin/other/media");
    const input = page.getByLabel("Перетащите файлы сюда или нажмите, чтобы выбрать несколько");
    await input.focus();
    await expect(input).toBeFocused();
    const bytes = [...(await picture("#16a34a", "png"))];
    const dropped = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "Dropped.png", { type: "image/png" }));
      return transfer;
    }, bytes);
    await page.getByTestId("media-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(page.locator('[data-upload="Dropped.png"]')).toContainText("Загружен в медиатеку");
    await expect(page.getByRole("article", { name: /^dropped_\d+\.png$/ })).toBeVisible();
  });

  test("an administrator who reads the dashboard in English reads each file's answer in English", async ({ page, request }) => {
    expect((await postForm(request, workerBaseUrl(), "/admin/language", { language: "en" })).status()).toBeLessThan(400);
    try {
      await page.goto("/admin/other/media");
      await page
        .getByLabel("Drop files here or click to choose several")
        .setInputFiles([{ name: "readme.webp", mimeType: "image/webp", buffer: Buffer.from("plain text, not a WebP") }]);
      await expect(page.locator('[data-upload="readme.webp"]')).toContainText(
        "Unsupported file format: by its content it is not a JPG, PNG, GIF or WebP.",
      );
      await expect(page.getByRole("status").filter({ hasText: "Uploaded: 0, failed: 1" })).toBeVisible();
    } finally {
      await postForm(request, workerBaseUrl(), "/admin/language", { language: "ru" });
    }
  });
});
