import { expect, test, workerPort } from "../support/fixtures";
import { startSeededServer, type SeededServer } from "../support/seeded-server";

// One fresh PostgreSQL-backed server for this file; its rows are written before any page is read.
let seeded: SeededServer;

const global = (section: string, value: string) => ({ page: "global", section, value });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  seeded = await startSeededServer(workerPort(1));
  await seeded.setMenu([
    { name: "Pricing", url: "/fees", type: "header", order: 2 },
    { name: "Start", url: "/features", type: "header", order: 1 },
    { name: "Hidden header item", url: "/business", type: "header", order: 0, active: false },
    { name: "Partner site", url: "https://partner.example.com/", type: "header", order: 3 },
    ...Array.from({ length: 8 }, (_, index) => ({
      name: `Footer ${index + 1}`,
      url: `/faq?item=${index + 1}`,
      type: "footer" as const,
      order: 10 - index,
    })),
    { name: "Inactive footer item", url: "/contact", type: "footer", order: 0, active: false },
  ]);
  await seeded.setContent([
    global("site_title", "Seeded Wallet — Pay simply"),
    global("site_logo", "Seeded Wallet"),
    global("login_button_text", "Client area"),
    global("login_button_url", "https://app.seeded.example/login"),
    global("signup_button_text", "Join now"),
    global("hero_cta_primary_text", "Start today"),
    global("company_name", "Seeded Payments GmbH"),
    global("contact_address", "1 Main St </script><script>window.hacked = true</script>"),
    global("footer_copyright", "© Seeded Payments GmbH"),
    global("primary_color", "#fde047"),
    global("og_image_url", "/uploads/og_image_url_1.png"),
    global("favicon_url", "/apple-touch-icon.png"),
    global("header_logo_url", "/uploads/missing-logo.png"),
    global("footer_logo_url", "/apple-touch-icon.png"),
    global("logo_alt_text", "Seeded Wallet logo"),
    global("visa_logo_url", "/uploads/missing-visa.png"),
    { page: "home", section: "hero_title", value: "Money, seeded and simple" },
    { page: "fees", section: "business_plan_price", value: "€20 per month" },
    { page: "fees", section: "personal_plan_price", value: "€5" },
    { page: "features", section: "card_1_title", value: "Seeded Transactions" },
    { page: "privacy", section: "page_content", value: '<h2>Our policy</h2><p onclick="alert(1)">We keep data safe.</p><script>window.hacked = true</script>', type: "rich_text" },
  ]);
});

test.afterAll(async () => {
  await seeded?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "accepted"));
});

test.describe("[PUBLIC][CONTENT] from the database", () => {
  test("the header shows active items only, by sort order; external items open a new tab", async ({ page }) => {
    await page.goto(`${seeded.url}/`);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveText(["Start", "Pricing", "Partner site"]);
    await expect(links.nth(2)).toHaveAttribute("target", "_blank");
    await expect(page.getByText("Hidden header item")).toHaveCount(0);
  });

  test("the footer shows at most the first six active items", async ({ page }) => {
    await page.goto(`${seeded.url}/`);
    const links = page.getByRole("navigation", { name: "Footer" }).getByRole("link");
    await expect(links).toHaveText(["Footer 8", "Footer 7", "Footer 6", "Footer 5", "Footer 4", "Footer 3"]);
    await expect(page.getByText("Inactive footer item")).toHaveCount(0);
  });

  test("edited settings replace their defaults in the header, hero, footer and head", async ({ page }) => {
    await page.goto(`${seeded.url}/`);
    await expect(page).toHaveTitle("Seeded Wallet — Pay simply");
    const login = page.getByRole("banner").getByRole("link", { name: "Client area" });
    await expect(login).toHaveAttribute("href", "https://app.seeded.example/login");
    await expect(login).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("banner").getByRole("link", { name: "Join now" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Start today" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Seeded Payments GmbH");
    await expect(page.getByRole("contentinfo")).toContainText("© Seeded Payments GmbH");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^http://[^/]+:${workerPort(1)}/uploads/og_image_url_1\\.png$`));
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", "Seeded Wallet — Pay simply");
    for (const selector of ["link[rel='icon']", "link[rel='shortcut icon']", "link[rel='apple-touch-icon']"]) {
      for (const href of await page.locator(`head ${selector}`).evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        expect(href, selector).toBe("/apple-touch-icon.png");
      }
    }
  });

  test("a light brand colour gets dark text on it", async ({ page }) => {
    await page.goto(`${seeded.url}/fees`);
    const button = page.getByRole("banner").getByRole("link", { name: "Join now" });
    await expect(button).toHaveCSS("background-color", "rgb(253, 224, 71)");
    await expect(button).toHaveCSS("color", "rgb(15, 23, 42)");
  });

  test("a header logo that fails to load is hidden; the footer logo shows", async ({ page }) => {
    await page.goto(`${seeded.url}/`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const header = page.getByRole("banner");
    await expect(header.getByRole("img")).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Seeded Wallet home" })).toBeVisible();
    const footerLogo = page.getByRole("contentinfo").getByRole("img", { name: "Seeded Wallet logo" });
    await expect(footerLogo).toHaveAttribute("src", "/apple-touch-icon.png");
    // A payment logo that fails falls back to the built-in badge (once scrolled to: it loads lazily).
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(page.getByRole("contentinfo").getByRole("img", { name: "Visa" })).toHaveAttribute("src", "/payments/visa.svg");
  });

  test("edited page content replaces its default", async ({ page }) => {
    await page.goto(`${seeded.url}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Money, seeded and simple");
    await page.goto(`${seeded.url}/features`);
    await expect(page.getByRole("heading", { name: "Seeded Transactions" })).toBeVisible();
  });

  test("a price that mentions the month hides the period; another price shows it", async ({ page }) => {
    await page.goto(`${seeded.url}/fees`);
    await expect(page.locator('[data-plan="business"]')).toContainText("€20 per month");
    await expect(page.locator('[data-plan="business"] [data-price-period]')).toHaveCount(0);
    await expect(page.locator('[data-plan="personal"] [data-price-period]')).toHaveText("/month");
  });

  test("a legal page renders its stored HTML, sanitised", async ({ page }) => {
    await page.goto(`${seeded.url}/privacy`);
    await expect(page.getByRole("heading", { name: "Our policy" })).toBeVisible();
    await expect(page.getByText("We keep data safe.")).toBeVisible();
    const article = page.locator("article");
    expect(await article.innerHTML()).not.toMatch(/script|onclick/);
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  });

  test("a change is visible at the next request", async ({ page }) => {
    await page.goto(`${seeded.url}/business`);
    await seeded.setContent([{ page: "business", section: "hero_title", value: "Banking for seeded teams" }]);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Banking for seeded teams", { timeout: 500 });
    }).toPass({ timeout: 10_000 });
  });

  test("JSON-LD describes the organisation from the settings, escaped inside its script element", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${seeded.url}/fees`);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const organization = JSON.parse((await scripts.textContent()) ?? "");
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Seeded Wallet",
      legalName: "Seeded Payments GmbH",
      logo: expect.stringMatching(/^https?:\/\/[^/]+\/uploads\/missing-logo\.png$/),
      address: { streetAddress: "1 Main St </script><script>window.hacked = true</script>" },
    });
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
