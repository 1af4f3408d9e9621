import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

const picture = (colour: string) =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

test.describe("[ADMIN][MEDIA] a file's page", () => {
  test.use({ storageState: adminStorageState });

  // long-function: one administrator's walk through a file's page, in the order the issue tells it
  test("opens from the library; alt text in English and German, another image decorative, a focal point; the library finds it by alt text", async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = { Origin: baseURL! };
    const headers = { ...origin, "content-type": "application/octet-stream" };
    const upload = async (colour: string) => {
      const answer = await request.post("/admin/page-image", { headers, data: await picture(colour) });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { url: string }).url.replace("/uploads/", "");
    };
    const photo = await upload("#b45309");
    const ornament = await upload("#1d4ed8");
    // German as a draft locale, so the page asks for its alt text (taken away again if this spec added it).
    const added = await request.post("/admin/other/locales", { headers: origin, form: { intent: "add-locale", code: "de" } });
    const addedGerman = added.ok();
    // A word of its own: other specs on this server upload images too.
    const word = `Leuchtturm${Date.now()}`;
    try {
      await page.goto(`/admin/other/media?q=${encodeURIComponent(photo.replace(/\.png$/, ""))}`);
      await page.getByRole("link", { name: `Открыть страницу файла ${photo}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/other/media/${photo.replace(/\./g, "\\.")}$`));
      await expect(page.getByRole("heading", { name: `Файл ${photo}`, level: 2 })).toBeVisible();
      await expect(page.getByTestId("media-uploader")).toHaveText("admin");
      await expect(page.getByRole("region", { name: "О файле" })).toContainText("800 × 400 пикс.");
      await expect(page.getByRole("region", { name: "Где используется" })).toContainText("Нигде не используется");
      await expectNoAxeViolations(page, "a file's page");

      await page.getByLabel("Альтернативный текст (en)").fill(`A ${word} on the coast at dusk`);
      await page.getByLabel("Альтернативный текст (de)").fill(`Ein ${word} an der Küste in der Dämmerung`);
      await page.getByLabel("Метки").fill("coast, lighthouse");
      // The focal point: a click on the image's left quarter, then by keyboard one step right and one down.
      const picker = page.getByRole("application", { name: /Точка фокуса/ });
      const box = (await picker.boundingBox())!;
      await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
      await expect(page.getByTestId("focal-value")).toHaveText("Точка фокуса: 25 % слева, 50 % сверху");
      await picker.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowDown");
      await expect(page.getByTestId("focal-value")).toHaveText("Точка фокуса: 30 % слева, 55 % сверху");
      await expect(page.locator("img[data-crop=openGraph]")).toHaveCSS("object-position", /^(29\.\d+|30(\.\d+)?)% (54\.\d+|55(\.\d+)?)%$/);
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByText("Сведения о файле сохранены")).toBeVisible();

      await page.reload();
      await expect(page.getByLabel("Альтернативный текст (de)")).toHaveValue(`Ein ${word} an der Küste in der Dämmerung`);
      await expect(page.getByLabel("Метки")).toHaveValue("coast, lighthouse");
      await expect(page.getByTestId("focal-value")).toHaveText("Точка фокуса: 30 % слева, 55 % сверху");
      // Markup in alt text is refused with its message, and nothing changes.
      await page.getByLabel("Альтернативный текст (en)").fill("A <b>bold</b> lighthouse");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByTestId("media-file-problem")).toHaveText(
        "Разметка (<, >, &…;) и управляющие символы не допускаются: только обычный текст",
      );
      await expectNoAxeViolations(page, "a file's page with a refused save");

      await page.goto(`/admin/other/media/${ornament}`);
      await page.getByLabel("Декоративное изображение: альтернативный текст не нужен").check();
      await expect(page.getByLabel("Альтернативный текст (en)")).toBeDisabled();
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByText("Сведения о файле сохранены")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Декоративное изображение: альтернативный текст не нужен")).toBeChecked();

      // The library finds the photo by its German alt text, and by its tag.
      await page.goto("/admin/other/media");
      await page.getByLabel("Поиск по имени, альтернативному тексту и меткам").fill(`Ein ${word} an der Küste`);
      await page.getByRole("button", { name: "Применить" }).click();
      await expect(page.getByText(/^Файлы 1–1 из 1 найденных/)).toBeVisible();
      await expect(page.getByRole("article", { name: photo })).toBeVisible();
      await expect(page.getByRole("article", { name: ornament })).toHaveCount(0);
      await expectNoAxeViolations(page, "the media library searched by alt text");
      await page.goto("/admin/other/media?tag=lighthouse");
      await expect(page.getByRole("article", { name: photo })).toBeVisible();
      await expect(page.getByRole("article", { name: ornament })).toHaveCount(0);

      // At a phone's width the page fits, and passes axe.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/admin/other/media/${photo}`);
      await expect(page.getByRole("heading", { name: `Файл ${photo}`, level: 2 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, "a file's page at 390 px");
    } finally {
      for (const file of [photo, ornament])
        await request.post("/admin/other/media", { headers: origin, form: { intent: "delete-media-file", file } });
      if (addedGerman) await request.post("/admin/other/locales", { headers: origin, form: { intent: "remove-locale", code: "de" } });
    }
  });
});
