import { expect, test } from "../support/fixtures";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";

const settings = defaultsFor("global");

test.describe("[PUBLIC][HEAD]", () => {
  test("title, description and sharing tags come from the settings", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(settings.site_title!);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`);
    await expect(meta('name="description"')).toHaveAttribute("content", settings.site_description!);
    await expect(meta('property="og:title"')).toHaveAttribute("content", settings.site_title!);
    await expect(meta('property="og:description"')).toHaveAttribute("content", settings.site_description!);
    await expect(meta('property="og:image"')).toHaveAttribute("content", /^https?:\/\/[^/]+\/og-image\.png$/);
    await expect(meta('property="og:image:alt"')).toHaveAttribute("content", "Valora Smart and Simple E-Wallet Service");
    await expect(meta('property="og:image:width"')).toHaveAttribute("content", "1200");
    await expect(meta('property="og:image:height"')).toHaveAttribute("content", "630");
    await expect(meta('name="twitter:card"')).toHaveAttribute("content", "summary_large_image");
    await expect(meta('name="twitter:image"')).toHaveAttribute("content", /^https?:\/\/[^/]+\/og-image\.png$/);
    await expect(meta('name="twitter:image:alt"')).toHaveAttribute("content", "Valora Smart and Simple E-Wallet Service");
    await page.goto("/fees");
    await expect(page).toHaveTitle(`Fees | ${settings.site_title}`);
    await expect(meta('property="og:url"')).toHaveAttribute("content", /^https?:\/\/[^/]+\/fees$/);
  });

  test("the default sharing image is a 1200x630 PNG", async ({ page, request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    await page.goto("/og-image.png");
    const size = await page.locator("img").evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size).toEqual([1200, 630]);
  });

  test("every favicon variant is linked and served", async ({ page, request }) => {
    await page.goto("/");
    const icons = page.locator("head link[rel='icon'], head link[rel='shortcut icon'], head link[rel='apple-touch-icon']");
    await expect(icons).toHaveCount(5);
    await expect(page.locator("head link[rel='icon'][sizes='16x16']")).toHaveAttribute("href", "/favicon-16x16.png");
    await expect(page.locator("head link[rel='icon'][sizes='32x32']")).toHaveAttribute("href", "/favicon.png");
    await expect(page.locator("head link[rel='shortcut icon']")).toHaveAttribute("href", "/favicon.png");
    await expect(page.locator("head link[rel='apple-touch-icon']")).toHaveAttribute("href", "/apple-touch-icon.png");
    for (const href of await icons.evaluateAll((links) => links.map((link) => link.getAttribute("href")!))) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toBe("image/png");
    }
  });

  test("the brand colours reach the page as CSS variables", async ({ page }) => {
    await page.goto("/");
    const value = (name: string) => page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
    expect(await value("--brand-primary")).toBe(settings.primary_color);
    expect(await value("--brand-secondary")).toBe(settings.secondary_color);
    expect(await value("--brand-accent")).toBe(settings.accent_color);
    expect(await value("--brand-primary-foreground")).toBe("#ffffff");
  });
});
