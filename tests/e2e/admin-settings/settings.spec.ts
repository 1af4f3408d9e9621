import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { clearImage, images, saveSetting, toast } from "../support/dashboard";

test.use({ storageState: adminStorageState });

test.describe("[ADMIN][SETTINGS]", () => {
  test("opens on the contact tab and keeps the chosen tab in the URL", async ({ page }) => {
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Глобальные настройки", level: 2 })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(10);
    await expect(page.getByRole("tab", { name: "Контакты" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Цвета" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/colors$/);
    await page.reload();
    await expect(page.getByRole("tab", { name: "Цвета" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("setting-primary_color")).toBeVisible();
  });

  test("a text card saves a value that the public site shows at once", async ({ page, request, baseURL }) => {
    await page.goto("/admin/settings/contact");
    const card = page.getByTestId("setting-company_name");
    const input = card.getByRole("textbox", { name: "Company name" });
    const original = await input.inputValue();
    const save = card.getByRole("button", { name: "Сохранить" });
    await expect(card).toContainText("Текущее значение будет отображаться на сайте");
    await expect(save).toBeDisabled();
    const value = `E2E Wallet Company ${Date.now()}`;
    try {
      await input.fill(value);
      await expect(save).toBeEnabled();
      await save.click();
      await expect(toast(page, "Настройка обновлена успешно")).toBeVisible();
      await expect(toast(page, "Успех")).toBeVisible();
      await expect(save).toBeDisabled();
      await page.goto("/");
      await expect(page.locator("footer")).toContainText(value);
    } finally {
      await saveSetting(request, baseURL!, "company_name", original);
    }
  });

  test("a bad e-mail or URL is refused next to its field and nothing is saved", async ({ page, request }) => {
    await page.goto("/admin/settings/contact");
    const card = page.getByTestId("setting-contact_email");
    await card.getByRole("textbox", { name: "Contact email" }).fill("not-an-email");
    await card.getByRole("button", { name: "Сохранить" }).click();
    await expect(card.getByRole("alert")).toHaveText("Укажите корректный адрес электронной почты");
    // The server refuses it too, whatever the browser does.
    const refused = await request.post("/admin/settings", {
      headers: { Origin: new URL(page.url()).origin },
      form: { intent: "update-setting", section: "facebook_url", value: "javascript:alert(1)" },
    });
    expect(refused.status()).toBe(400);
    await page.goto("/");
    await expect(page.locator("body")).not.toContainText("not-an-email");
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  });

  test("a colour card sets the brand colour of the public site", async ({ page, request, baseURL }) => {
    await page.goto("/admin/settings/colors");
    const card = page.getByTestId("setting-primary_color");
    const input = card.getByRole("textbox", { name: "Primary color", exact: true });
    const original = await input.inputValue();
    try {
      await input.fill("#12ab3");
      await card.getByRole("button", { name: "Сохранить" }).click();
      await expect(card.getByRole("alert")).toHaveText("Цвет должен быть в формате #rrggbb");
      await input.fill("#12ab34");
      await expect(card.getByLabel("Primary color: выбор цвета")).toHaveValue("#12ab34");
      await card.getByRole("button", { name: "Сохранить" }).click();
      await expect(toast(page, "Настройка обновлена успешно")).toBeVisible();
      await page.goto("/");
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim());
      expect(primary).toBe("#12ab34");
    } finally {
      await saveSetting(request, baseURL!, "primary_color", original);
    }
  });

  test("the favicon card uploads an icon, replaces the open page's icons at once, and can remove it", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/admin/settings/branding");
    const card = page.getByTestId("setting-favicon_url");
    await expect(card).toContainText("PNG 32x32 или 64x64");
    try {
      await card.locator('input[type="file"]').setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: images.png });
      await expect(toast(page, "Image uploaded and saved")).toBeVisible();
      const url = await card.locator("img").getAttribute("src");
      expect(url).toMatch(/^\/uploads\/favicon_url_\d+\.png$/);
      await expect(card.locator('input[type="file"]')).toHaveValue("");
      // Without a reload, every icon link of this page now points at the upload, as png.
      const icons = page.locator('head link[rel~="icon"], head link[rel="apple-touch-icon"]');
      await expect(icons).toHaveCount(5);
      for (const icon of await icons.all()) {
        await expect(icon).toHaveAttribute("href", url!);
        await expect(icon).toHaveAttribute("type", "image/png");
      }
      await page.goto("/");
      await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", url!);
      await page.goto("/admin/settings/branding");
      await page.getByTestId("setting-favicon_url").getByRole("button", { name: "Удалить" }).click();
      await expect(toast(page, "Image removed")).toBeVisible();
      await page.goto("/");
      await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", "/favicon.png");
    } finally {
      await clearImage(request, baseURL!, "favicon_url");
    }
  });

  test("an image card of the images tab puts the image on the public page", async ({ page, request, baseURL }) => {
    await page.goto("/admin/settings/images");
    const card = page.getByTestId("setting-feature_image");
    await expect(card.getByRole("heading", { name: "Feature image" })).toBeVisible();
    try {
      await card.locator('input[type="file"]').setInputFiles({ name: "feature.gif", mimeType: "image/gif", buffer: images.gif });
      await expect(toast(page, "Image uploaded and saved")).toBeVisible();
      const url = await card.locator("img").getAttribute("src");
      expect(url).toMatch(/^\/uploads\/feature_image_\d+\.gif$/);
      await page.goto("/features");
      await expect(page.locator(`img[src="${url}"]`)).toHaveCount(1);
    } finally {
      await clearImage(request, baseURL!, "feature_image");
    }
  });

  test("a payment logo card replaces that system's logo on the public site", async ({ page, request, baseURL }) => {
    await page.goto("/admin/settings/payment");
    await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(["Visa", "Mastercard", "PCI DSS", "SEPA"]);
    const card = page.getByTestId("setting-visa_logo_url");
    try {
      await card.locator('input[type="file"]').setInputFiles({ name: "visa.webp", mimeType: "image/webp", buffer: images.webp });
      await expect(toast(page, "Image uploaded and saved")).toBeVisible();
      const url = await card.locator("img").getAttribute("src");
      expect(url).toMatch(/^\/uploads\/visa_logo_url_\d+\.webp$/);
      await page.goto("/");
      await expect(page.locator(`img[src="${url}"]`).first()).toBeAttached();
    } finally {
      await clearImage(request, baseURL!, "visa_logo_url");
    }
  });
});
