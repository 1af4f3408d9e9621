import { expect, test, type Browser, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { waitForContactStamp } from "../support/contact";

// A person's browser: the test browser's own user agent says "HeadlessChrome", which the
// statistics rightly take for a bot.
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OTHER_PERSON = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Resolves once the tracking script has run (it wraps history.pushState to see the router's navigations). */
const trackerRan = (page: Page) => page.waitForFunction(() => !history.pushState.toString().includes("[native code]"));

async function visitFromCampaignAndWrite(browser: Browser, campaign: string) {
  const context = await browser.newContext({ userAgent: PERSON });
  const page = await context.newPage();
  const beacon = page.waitForResponse((response) => response.url().endsWith("/api/visit") && response.request().method() === "POST");
  await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  expect((await beacon).status()).toBe(202);
  // The statistics leave nothing in the browser: no cookie, no storage entry.
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  const contactView = page.waitForResponse((response) => response.url().endsWith("/api/visit"));
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
  await contactView;
  await page.getByLabel("Name", { exact: true }).fill("Campaign Visitor");
  await page.getByLabel("Email", { exact: true }).fill("visitor@example.com");
  await page.getByLabel("Subject", { exact: true }).selectOption("Account Issues");
  await page.getByLabel("Message", { exact: true }).fill("I came from the newsletter.");
  await waitForContactStamp(context);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message has been sent successfully. We'll get back to you soon!")).toBeVisible();
  await context.close();
}

async function declineAndVisit(browser: Browser, campaign: string) {
  const context = await browser.newContext({ userAgent: OTHER_PERSON });
  const page = await context.newPage();
  await page.goto("/faq");
  await trackerRan(page);
  await page.getByRole("button", { name: "Decline" }).click();
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/visit")) beacons.push(request.url());
  });
  await page.goto(`/?utm_campaign=${campaign}`);
  await trackerRan(page);
  await page.getByRole("banner").getByRole("link", { name: "Fees", exact: true }).click();
  await expect(page).toHaveURL(/\/fees$/);
  expect(beacons).toEqual([]);
  await context.close();
}

test.describe("[ADMIN][STATISTICS]", () => {
  test("a campaign's visit and its contact message show in the dashboard; a declined visit does not", async ({ browser }) => {
    const marker = Date.now().toString(36);
    const campaign = `spring-${marker}`;
    const declined = `declined-${marker}`;
    await visitFromCampaignAndWrite(browser, campaign);
    await declineAndVisit(browser, declined);

    const admin = await browser.newContext({ storageState: adminStorageState });
    const page = await admin.newPage();
    await page.goto("/admin/other/statistics?range=today");
    const campaigns = page.getByRole("table", { name: "UTM campaign" });
    const row = campaigns.getByRole("row").filter({ hasText: campaign });
    await expect(row).toContainText("1 (100%)");
    await expect(page.getByText(declined)).toHaveCount(0);
    await expect(page.locator("[data-chart-ready] canvas")).toHaveCount(1);
    await expect(page.getByRole("table", { name: /Посетители и просмотры по часам/ })).toHaveCount(1);

    await row.getByRole("link", { name: campaign }).click();
    await expect(page).toHaveURL(new RegExp(`utm_campaign=${campaign}`));
    await expect(page.getByRole("list", { name: "Фильтры" })).toContainText(campaign);
    const figures = page.locator("dl");
    await expect(figures.getByText("Посетители", { exact: true }).locator("..")).toContainText("1");
    await expect(page.getByRole("table", { name: "Цели" })).toContainText("Сообщение отправлено");
    await expect(page.locator("[data-chart-ready] canvas")).toHaveCount(1);
    await expectNoAxeViolations(page, "the statistics dashboard, filtered");
    await admin.close();
  });
});
