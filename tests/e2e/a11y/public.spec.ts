import { expect, test, workerBaseUrl } from "../support/fixtures";
import { sitemapPagePaths, UNKNOWN_PATH } from "../../../app/features/seo/public-pages.js";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage } from "../../../scripts/support/landing-page.js";
import { ADMIN } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

// The fixed pages, the 404 and a landing page with every block.
const pages = [...sitemapPagePaths, UNKNOWN_PATH, EVERY_BLOCK_PATH];

const viewports = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "mobile", width: 375, height: 740 },
];

test.describe("[A11Y][PUBLIC] axe-core on every public page", () => {
  test.beforeAll(() => ensureEveryBlockPage(workerBaseUrl(), { account: ADMIN }));

  for (const viewport of viewports) {
    for (const path of pages) {
      test(`${path} at ${viewport.name} width, cookie banner showing`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByRole("region", { name: /cookie/i })).toBeVisible();
        await expectNoAxeViolations(page, `${path} (${viewport.name})`);
      });
    }
  }

  test("after the cookie choice, with the mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    // The page's scripts start after its first paint: the banner's buttons answer once it has hydrated.
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByRole("button", { name: "Accept All" }).click();
    await expect(page.getByRole("region", { name: /cookie/i })).toBeHidden();
    await expectNoAxeViolations(page, "/ after the cookie choice");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the mobile menu open");
  });

  test("FAQ with an answer open, a category filter and no results", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("button", { name: "Accept All" }).click();
    await page.locator("main").getByRole("button", { expanded: false }).first().click();
    await expectNoAxeViolations(page, "/faq with an answer open");
    await page.getByRole("searchbox").fill("zzzz no such question");
    await expect(page.getByText(/no results found for/i)).toBeVisible();
    await expectNoAxeViolations(page, "/faq without results");
  });

  test("contact form after a refused and after a successful send", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Accept All" }).click();
    const form = page.locator("main form");
    await form.getByRole("button", { name: /send/i }).click();
    await expectNoAxeViolations(page, "/contact with the form refused");
    await form.getByLabel(/name/i).first().fill("Ada Lovelace");
    await form.getByLabel(/e-?mail/i).fill("ada@example.com");
    await form.getByRole("combobox").selectOption({ index: 1 });
    await form.getByLabel(/message/i).fill("Hello, I would like to open a business account.");
    await form.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText(/thank you|message (has been )?sent/i).first()).toBeVisible({ timeout: 5000 });
    await expectNoAxeViolations(page, "/contact after sending");
  });

  test("contact form showing the error text, and the map placeholder", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("button", { name: "Show map" })).toBeVisible();
    await page.route("**/contact.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    const form = page.locator("main form");
    await form.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await form.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await form.getByRole("combobox").selectOption({ index: 1 });
    await form.getByLabel("Message", { exact: true }).fill("Hello.");
    await form.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("There was an error sending your message. Please try again.")).toBeVisible();
    await expectNoAxeViolations(page, "/contact with the error text and the map placeholder");
  });
});
