import { expect, test } from "../support/fixtures";
import { holdScripts } from "../support/held-scripts";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";

const settings = defaultsFor("global");
const hydrated = (page: import("@playwright/test").Page) =>
  page.waitForFunction(() => "__reactRouterRouteModules" in window);

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

test.describe("[PUBLIC][HEADER]", () => {
  test("the logo leads home; login and signup use their settings; menu items in order", async ({ page }) => {
    await page.goto("/fees");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Features", "Fees", "Business", "FAQ", "Contact"]);
    await expect(header.getByRole("link", { name: "Fees" })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: settings.login_button_text, exact: true })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: settings.signup_button_text, exact: true })).toHaveAttribute("href", "/signup");
    await header.getByRole("link", { name: `${settings.site_logo} home` }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("menu links change page without reloading it; a new-tab click is left to the browser", async ({ page, context }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Fees" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    await expect(nav.getByRole("link", { name: "Fees" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/fees$/);

    const opened = context.waitForEvent("page");
    await nav.getByRole("link", { name: "FAQ" }).click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/faq$/);
    await expect(page).toHaveURL(/\/fees$/);
    await tab.close();
  });

  test("the login and signup pages are friendly dead ends", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in to your wallet");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open your account");
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a keyboard user can skip to the content", async ({ page }) => {
    await page.goto("/features");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });
});

test.describe("[PUBLIC][HEADER] on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu opens from its button, follows links and closes with Escape", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile.getByRole("link")).toHaveText(["Features", "Fees", "Business", "FAQ", "Contact"]);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(mobile).toBeHidden();
  });

  test("before the page's scripts have arrived the menu opens, its links work, and React keeps it open when it hydrates", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobile.getByRole("link")).toHaveText(["Features", "Fees", "Business", "FAQ", "Contact"]);
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(close.locator(".glyph-x")).toBeVisible();
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    // Closes and opens again, still before hydration.
    await close.click();
    await expect(mobile).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobile).toBeVisible();
    release();
    await hydrated(page);
    await expect(mobile).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    // From now on React answers the button: one click closes it.
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(mobile).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("without the page's scripts the menu's links are plain links", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Fees" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    await expect(page.locator("h1")).toContainText("pricing");
  });
});

test.describe("[PUBLIC][FOOTER]", () => {
  test("shows legal links, the footer menu, social links, payment logos and company details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const legal = footer.getByRole("navigation", { name: "Legal" }).getByRole("link");
    await expect(legal).toHaveText(["Terms of Service", "Privacy Policy", "AML/KYC Policy"]);
    for (const [index, href] of ["/terms", "/privacy", "/aml-kyc"].entries()) await expect(legal.nth(index)).toHaveAttribute("href", href);
    await expect(footer.getByRole("navigation", { name: "Footer" }).getByRole("link")).toHaveText(["Home", "Features", "Fees", "Business", "FAQ", "Contact"]);
    for (const network of ["Facebook", "X (Twitter)", "LinkedIn", "Instagram"]) {
      await expect(footer.getByRole("link", { name: network })).toHaveAttribute("target", "_blank");
    }
    for (const logo of ["Visa", "Mastercard", "PCI DSS", "SEPA"]) await expect(footer.getByRole("img", { name: logo })).toBeVisible();
    for (const key of ["company_name", "company_registration_number", "contact_address", "contact_email", "contact_phone", "footer_description", "footer_copyright"]) {
      await expect(footer, key).toContainText(settings[key]!);
    }
  });
});

test.describe("[PUBLIC][MOTION]", () => {
  test("sections below the fold fade in as they scroll into view", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const section = page.locator("#gift-cards-title").locator("xpath=ancestor::*[@data-reveal][1]");
    await expect(section).toHaveCSS("opacity", "0");
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute("data-revealed", "");
    await expect(section).toHaveCSS("opacity", "1");
    // What is on screen at load never fades.
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("opacity", "1");
  });

  test("after a navigation, the new page's first screen shows at once and what is below it fades in", async ({ page }) => {
    await page.goto("/fees");
    await hydrated(page);
    // Every section of a page the router renders is tracked from its first frame: none of the
    // first screen's is ever hidden, and those below are hidden once the browser has placed them.
    await page.evaluate(() => {
      const hidden: string[] = ((window as unknown as { hiddenOnScreen: string[] }).hiddenOnScreen = []);
      const check = () => {
        for (const element of document.querySelectorAll<HTMLElement>("main [data-reveal]")) {
          const box = element.getBoundingClientRect();
          if (box.top < window.innerHeight && getComputedStyle(element).opacity === "0") hidden.push(element.outerHTML.slice(0, 80));
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.getByRole("banner").getByRole("link", { name: "Home" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const section = page.locator("#gift-cards-title").locator("xpath=ancestor::*[@data-reveal][1]");
    await expect(section).toHaveCSS("opacity", "0");
    expect(await page.evaluate(() => (window as unknown as { hiddenOnScreen: string[] }).hiddenOnScreen)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveCSS("opacity", "1");
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("nothing is hidden or animated", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      const section = page.locator("#gift-cards-title").locator("xpath=ancestor::*[@data-reveal][1]");
      await expect(section).toHaveCSS("opacity", "1");
      await expect(section).toHaveCSS("transition-duration", "0s");
    });
  });
});

test.describe("[PUBLIC][RESPONSIVE]", () => {
  const paths = ["/", "/features", "/fees", "/business", "/contact", "/faq", "/privacy", "/login", "/no-such-page"];
  for (const width of [375, 768, 1280]) {
    test(`no page scrolls sideways at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
