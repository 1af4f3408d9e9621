import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { clearImage, expectToast } from "../support/dashboard";

// A file's focal point on the site (issue 45): an image uploaded as the home page's hero
// background and chosen from the library as the site's Open Graph image; a click on the file's
// page sets its point, and the public page crops the hero around it (`object-position`) and
// shares a 1200 × 630 crop around it.
const wide = () =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

test.describe("[ADMIN][MEDIA] a file's focal point on the public site", () => {
  test.use({ storageState: adminStorageState });

  // long-function: one administrator's walk from the upload to the public page, in the order the issue tells it
  test("set by a click on the file's page, it places the hero image and the shared Open Graph crop", async ({ page, request, baseURL }) => {
    let name = "";
    try {
      // Uploaded through the settings' image field: the home page's hero background.
      await page.goto("/admin/settings/images");
      const hero = page.getByTestId("setting-hero_background_image");
      await hero.locator('input[type="file"]').setInputFiles({ name: "coast.png", mimeType: "image/png", buffer: await wide() });
      const preview = hero.locator("img");
      await expect(preview).toHaveAttribute("src", /^\/uploads\/hero_background_image_\d+\.png$/);
      const url = (await preview.getAttribute("src"))!;
      name = url.replace("/uploads/", "");

      // The same file as the site's Open Graph image, from the library.
      await page.goto("/admin/settings/branding");
      await page.getByTestId("image-upload-og_image_url").getByRole("button", { name: "Из медиатеки" }).click();
      const dialog = page.getByRole("dialog", { name: "Выбрать изображение из медиатеки" });
      await dialog.getByLabel("Поиск по имени файла").fill(name);
      await dialog.getByRole("button", { name: `Выбрать ${name}` }).click();
      await expectToast(page, "Изображение из медиатеки выбрано", { failure: false });

      // Without a point the upload is shared as it is.
      const head = async () => {
        const html = await (await request.get("/")).text();
        const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
        expect(/<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1]).toBe(og);
        // The site's configured origin, whatever address this request came to.
        return og && new URL(og).pathname;
      };
      expect(await head()).toBe(url);

      // The point: a click on the image at a fifth of its width and seven tenths of its height.
      await page.goto(`/admin/other/media/${name}`);
      await page.getByLabel("Альтернативный текст (en)").fill("The coast at dusk");
      const picker = page.getByRole("application", { name: /Точка фокуса/ });
      const box = (await picker.boundingBox())!;
      await picker.click({ position: { x: box.width * 0.2, y: box.height * 0.7 } });
      await expect(page.getByTestId("focal-value")).toHaveText("Точка фокуса: 20 % слева, 70 % сверху");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByText("Сведения о файле сохранены")).toBeVisible();

      // The public page: the hero keeps the point in view, and the shared image is the crop around it.
      await page.goto("/");
      const image = page.locator(`section[aria-labelledby="hero-title"] img[src="${url}"]`);
      // The click lands on a fraction of a pixel: the point is kept to a thousandth, shown to a whole percent.
      await expect(image).toHaveCSS("object-position", /^(19\.[5-9]|20(\.[0-4])?)% (69\.[5-9]|70(\.[0-4])?)%$/);
      const [x, y] = (await image.evaluate((element) => getComputedStyle(element).objectPosition))
        .split(" ")
        .map((part) => Math.round(Number.parseFloat(part) * 10));
      const shared = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname;
      expect(shared).toBe(`${url.replace(/\.png$/, "")}-og${x}x${y}.jpg`);
      expect(await head()).toBe(shared);
      const crop = await request.get(shared);
      expect(crop.status()).toBe(200);
      expect(crop.headers()["content-type"]).toBe("image/jpeg");
      const size = await sharp(Buffer.from(await crop.body())).metadata();
      expect([size.format, size.width, size.height]).toEqual(["jpeg", 1200, 630]);
    } finally {
      await clearImage(request, baseURL!, "og_image_url");
      await clearImage(request, baseURL!, "hero_background_image");
      if (name)
        await request.post("/admin/other/media", { headers: { Origin: baseURL! }, form: { intent: "delete-media-file", file: name } });
    }
  });
});
