import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { clearImage, expectToast, postForm } from "../support/dashboard";
import { previewHref } from "../../../app/features/releases/preview/preview";

// A file's focal point on the site (issue 45): an image uploaded as the home page's hero
// background and chosen from the library as the site's Open Graph image; a click on the file's
// page sets its point, and the public page crops the hero around it (`object-position`) and
// shares a 1200 × 630 crop around it. A point saved while a release is drafted shows in its preview only.
const wide = () =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

/** Sets the point by a click on the file's page at (x, y), fractions of the image, and saves. */
async function clickPoint(page: Page, name: string, x: number, y: number, saved: string) {
  await page.goto(`/admin/other/media/${name}`);
  await page.getByLabel("Альтернативный текст (en)").fill("The coast at dusk");
  const picker = page.getByRole("application", { name: /Точка фокуса/ });
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(page.getByTestId("focal-value")).toHaveText(`Точка фокуса: ${x * 100} % слева, ${y * 100} % сверху`);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText(saved, { exact: true })).toBeVisible();
}

/** A percentage within half a percent of `whole`, as CSS writes it. */
const near = (whole: number) => `(${whole - 1}\\.[5-9]|${whole}(\\.[0-4])?)%`;

/**
 * The page open: its hero at the point (x, y), and the path of the Open Graph image it shares,
 * the crop named by the point in thousandths. The click lands on a fraction of a pixel: the point
 * is kept to a thousandth, shown on the file's page to a whole percent.
 */
async function expectPoint(page: Page, url: string, x: number, y: number) {
  const image = page.locator(`section[aria-labelledby="hero-title"] img[src="${url}"]`);
  await expect(image).toHaveCSS("object-position", new RegExp(`^${near(x * 100)} ${near(y * 100)}$`));
  const [left, top] = (await image.evaluate((element) => getComputedStyle(element).objectPosition))
    .split(" ")
    .map((part) => Math.round(Number.parseFloat(part) * 10));
  // The site's configured origin, whatever address this request came to.
  const shared = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname;
  expect(shared).toBe(`${url.replace(/\.png$/, "")}-og${left}x${top}.jpg`);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", new RegExp(`${shared}$`));
  return shared;
}

/** The crop is served: a 1200 × 630 JPEG. */
async function expectCrop(request: APIRequestContext, path: string) {
  const crop = await request.get(path);
  expect(crop.status()).toBe(200);
  expect(crop.headers()["content-type"]).toBe("image/jpeg");
  const size = await sharp(Buffer.from(await crop.body())).metadata();
  expect([size.format, size.width, size.height]).toEqual(["jpeg", 1200, 630]);
}

/** What a visitor's page shares, by path. */
async function sharedImage(request: APIRequestContext) {
  const og = /<meta property="og:image" content="([^"]+)"/.exec(await (await request.get("/")).text())?.[1];
  return og && new URL(og).pathname;
}

test.describe("[ADMIN][MEDIA] a file's focal point on the public site", () => {
  test.use({ storageState: adminStorageState });

  // long-function: one administrator's walk from the upload to the public page and a release's preview, in the order the issue tells it
  test("set by a click on the file's page, it places the hero image and the shared Open Graph crop; staged, in the release's preview only", async ({
    page,
    request,
    baseURL,
  }) => {
    let name = "";
    let releaseId = 0;
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
      expect(await sharedImage(request)).toBe(url);

      await clickPoint(page, name, 0.2, 0.7, "Сведения о файле сохранены");
      await page.goto("/");
      const live = await expectPoint(page, url, 0.2, 0.7);
      expect(await sharedImage(request)).toBe(live);
      await expectCrop(request, live);
      // The SEO tab's social card preview crops the site's image around the same point.
      await page.goto("/admin/other/seo?page=fees");
      const card = page.locator('section[aria-labelledby="social-preview"] img');
      await expect(card).toHaveAttribute("src", url);
      await expect(card).toHaveCSS("object-position", new RegExp(`^${near(20)} ${near(70)}$`));

      // Another point saved while a release is drafted: its preview shows it, the site keeps the live one.
      const created = await request.post("/admin/other/releases", {
        headers: { Origin: baseURL! },
        form: { intent: "create-release", name: `Focus ${Date.now().toString(36)}` },
        maxRedirects: 0,
      });
      releaseId = Number(/\/releases\/(\d+)/.exec(created.headers().location ?? "")?.[1]);
      expect(releaseId).toBeGreaterThan(0);
      await clickPoint(page, name, 0.8, 0.3, "Сведения о файле сохранены в выпуск");
      expect((await postForm(request, baseURL!, "/admin/other/releases", { intent: "go-live" })).status()).toBe(200);
      await page.goto(previewHref(releaseId, "/"));
      const banner = page.getByTestId("preview-banner");
      await expect(banner).toBeVisible();
      await expectCrop(request, await expectPoint(page, url, 0.8, 0.3));
      await banner.getByRole("link", { name: "Выйти из предпросмотра" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/other/releases/${releaseId}$`));
      await page.goto("/");
      await expect(page.getByTestId("preview-banner")).toHaveCount(0);
      expect(await expectPoint(page, url, 0.2, 0.7)).toBe(live);
      expect(await sharedImage(request)).toBe(live);
      await expectCrop(request, live);
    } finally {
      if (releaseId) await postForm(request, baseURL!, `/admin/other/releases/${releaseId}`, { intent: "cancel-release" });
      await clearImage(request, baseURL!, "og_image_url");
      await clearImage(request, baseURL!, "hero_background_image");
      if (name) await postForm(request, baseURL!, "/admin/other/media", { intent: "delete-media-file", file: name });
    }
  });
});
