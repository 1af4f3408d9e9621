import { expect, test, type Page } from "../support/fixtures";
import { giftCardBrands } from "../../../app/features/content/catalogue/gift-cards";

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

const tile = (page: Page, name: string) => page.locator(`[data-gift-card="${name}"]`);

async function showGiftCards(page: Page) {
  await page.goto("/");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByRole("list", { name: "Gift card brands" }).scrollIntoViewIfNeeded();
}

test.describe("[PUBLIC][GIFT CARDS]", () => {
  test("every brand shows its logo on its colour", async ({ page }) => {
    await showGiftCards(page);
    for (const brand of giftCardBrands) {
      const logo = tile(page, brand.name).getByRole("img", { name: brand.name });
      await expect(logo).toHaveAttribute("src", brand.logo);
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test("a logo that fails is replaced by the brand's fallback logo", async ({ page }) => {
    await page.route("**/gift-cards/*.svg", (route) => route.abort());
    await showGiftCards(page);
    for (const brand of giftCardBrands) {
      const logo = tile(page, brand.name).getByRole("img", { name: brand.name });
      await expect(logo).toHaveAttribute("src", brand.fallbackLogo);
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test("when both logos fail, the brand's name shows on its colour", async ({ page }) => {
    await page.route("**/gift-cards/*", (route) => route.abort());
    await showGiftCards(page);
    for (const brand of giftCardBrands) {
      await expect(tile(page, brand.name).getByRole("img")).toHaveCount(0);
      await expect(tile(page, brand.name)).toHaveText(brand.name);
    }
    const colour = await tile(page, "Netflix").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(colour).toBe("rgb(178, 7, 16)");
  });

  test("the gift cards button opens its page in a new tab", async ({ page, context }) => {
    await showGiftCards(page);
    await context.route("https://app.valora.example/**", (route) => route.fulfill({ body: "<h1>Wallet login</h1>", contentType: "text/html" }));
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: "Buy gift cards" }).click(),
    ]);
    await expect(popup).toHaveURL("https://app.valora.example/login");
    await expect(page).toHaveURL(/\/$/);
  });
});
