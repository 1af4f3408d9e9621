import { expect, test } from "../support/fixtures";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";
import { faqEntries } from "../../../app/features/content/catalogue/faq";
import { sitemapPagePaths } from "../../../app/features/seo/public-pages.js";
import { giftCardBrands } from "../../../app/features/content/catalogue/gift-cards";

const home = defaultsFor("home");
const features = defaultsFor("features");
const fees = defaultsFor("fees");
const business = defaultsFor("business");
const contact = defaultsFor("contact");
const settings = defaultsFor("global");

// Every visitor here has already chosen, so the cookie banner never covers what is clicked.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

test.describe("[PUBLIC][PAGES] server rendering", () => {
  // What each page of the list (app/features/seo/public-pages.js) shows besides header and footer.
  const pageTexts: Record<string, string[]> = Object.fromEntries([
    ["/", [home.hero_title!, home.features_title!, home.security_title!, home.functionality_title!, home.gift_cards_title!, home.mobile_app_title!]],
    ["/home", [home.hero_title!, home.gift_cards_title!]],
    ["/features", [features.hero_title!, "Take control of your finances", "Spending Analytics"]],
    ["/fees", [fees.page_title!, "Before Registration", "Account Limits", fees.comparison_title!]],
    ["/business", [business.hero_title!, "Team Management", "Corporate Cards", "Expense Reporting"]],
    ["/contact", [contact.hero_title!, "Mon - Fri: 9:00 AM - 6:00 PM", "24/7 Support Available", settings.company_name!]],
    ["/faq", [faqEntries[0]!.question, faqEntries[9]!.question, "Contact Support"]],
    ["/privacy", ["Privacy Policy"]],
    ["/terms", ["Terms of Service"]],
    ["/aml-kyc", ["AML/KYC Policy"]],
  ]);
  for (const path of sitemapPagePaths) {
    test(`${path} arrives complete in the server HTML, header and footer included`, async ({ request }) => {
      const texts = pageTexts[path];
      expect(texts, `what ${path} shows is listed here`).toBeDefined();
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      for (const text of [...texts!, settings.footer_copyright!, settings.login_button_text!, "Terms of Service"]) {
        expect(html, text).toContain(text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
      }
      expect(html).not.toContain("Loading...");
      expect(html).toContain("We use cookies");
    });
  }
});

test.describe("[PUBLIC][HOME]", () => {
  test("the hero's buttons lead to the default sign-up and features pages", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.hero_title!);
    const primary = page.getByRole("link", { name: settings.hero_cta_primary_text });
    await expect(primary).toHaveAttribute("href", "/signup");
    await page.getByRole("link", { name: settings.hero_cta_secondary_text }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(features.hero_title!);
  });

  test("/home shows the landing page's sections under its own canonical address", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.hero_title!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/home$/);
  });

  test("lists the eight gift-card brands and the mobile app as coming soon", async ({ page }) => {
    await page.goto("/");
    const brands = page.getByRole("list", { name: "Gift card brands" }).getByRole("listitem");
    await expect(brands).toHaveCount(8);
    for (const brand of giftCardBrands) await expect(page.getByRole("img", { name: brand.name })).toBeAttached();
    const button = page.getByRole("link", { name: settings.gift_cards_button_text });
    await expect(button).toHaveAttribute("href", settings.gift_cards_button_url!);
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("heading", { name: home.mobile_app_title })).toBeVisible();
    await expect(page.getByText(home.mobile_app_badge!).first()).toBeVisible();
  });
});

test.describe("[PUBLIC][FEATURES]", () => {
  test("shows the eight cards and the four 'Take control of your finances' bullets", async ({ page }) => {
    await page.goto("/features");
    const cards = ["Secure Transactions", "Virtual Wallet", "Virtual Cards", "Real-time Tracking", "Global Payments", "Shared Accounts", "Privacy Controls", "Spending Analytics"];
    for (const card of cards) await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Take control of your finances" })).toBeVisible();
    for (const bullet of ["Multiple currency support", "Instant transfers", "Detailed transaction history", "Automated savings"]) {
      await expect(page.getByText(bullet, { exact: true })).toBeVisible();
    }
  });
});

test.describe("[PUBLIC][BUSINESS]", () => {
  test("links the hero to /contact and /fees, lists eight benefits and opens registration in a new tab", async ({ page }) => {
    await page.goto("/business");
    await expect(page.getByRole("link", { name: business.hero_primary_button })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: business.hero_secondary_button })).toHaveAttribute("href", "/fees");
    for (const card of ["Team Management", "Corporate Cards", "Expense Reporting"]) {
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    }
    for (let index = 1; index <= 8; index++) await expect(page.getByText(business[`benefit_${index}`]!, { exact: true })).toBeVisible();
    const getStarted = page.getByRole("link", { name: "Get Started" });
    await expect(getStarted).toHaveAttribute("href", settings.signup_button_url!);
    await expect(getStarted).toHaveAttribute("target", "_blank");
  });
});
