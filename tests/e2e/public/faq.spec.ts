import { expect, test } from "../support/fixtures";
import { faqEntries } from "../../../app/features/content/catalogue/faq";

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
  await page.goto("/faq");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
});

const questions = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("listitem").getByRole("button");

test.describe("[PUBLIC][FAQ]", () => {
  test("lists the ten questions, answers collapsed", async ({ page }) => {
    await expect(questions(page)).toHaveCount(10);
    await expect(page.getByText(faqEntries[0]!.answer)).toBeHidden();
  });

  test("searches questions and answers without regard to case", async ({ page }) => {
    const search = page.getByRole("searchbox", { name: "Search the FAQ" });
    await search.fill("VIRTUAL CARD");
    await expect(questions(page)).toHaveText([/^How do I get a virtual card\?/]);
    // Only the answer mentions a utility bill.
    await search.fill("utility BILL");
    await expect(questions(page)).toHaveText([/^Which documents do I need for verification\?/]);
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.getByRole("searchbox").fill("cryptocurrency");
    await expect(questions(page)).toHaveCount(0);
    await expect(page.getByText('No results found for "cryptocurrency"')).toBeVisible();
    await expect(page.getByText("Try a different search term or browse by category")).toBeVisible();
  });

  test("filters by one category at a time, All showing everything", async ({ page }) => {
    await page.getByRole("button", { name: "Cards", exact: true }).click();
    await expect(page.getByRole("button", { name: "Cards", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(questions(page)).toHaveText([/^How do I get a virtual card\?/, /^How do I top up my card\?/]);
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await expect(page.getByRole("button", { name: "Cards", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(questions(page)).toHaveText([/^How is my money protected\?/]);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(questions(page)).toHaveCount(10);
  });

  test("combines the category with the search", async ({ page }) => {
    await page.getByRole("button", { name: "Payments", exact: true }).click();
    await page.getByRole("searchbox").fill("transfer");
    await expect(questions(page)).toHaveText([/^How long do bank transfers take\?/, /^Can I cancel a payment\?/]);
    await page.getByRole("searchbox").fill("virtual card");
    await expect(page.getByText('No results found for "virtual card"')).toBeVisible();
  });

  test("expands and collapses answers with the mouse and the keyboard", async ({ page }) => {
    const entry = faqEntries.find((item) => item.question === "How long do bank transfers take?")!;
    const button = page.getByRole("button", { name: entry.question });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(entry.answer)).toBeVisible();
    await expect(page.getByText(entry.answer)).toContainText("1-3 business days");
    await button.press("Enter");
    await expect(page.getByText(entry.answer)).toBeHidden();
  });

  test("tracks open answers by their place in the filtered list", async ({ page }) => {
    await page.getByRole("button", { name: "Account", exact: true }).click();
    await page.getByRole("button", { name: "Is there a free trial for business accounts?" }).click();
    await expect(page.getByText(/30-day free trial/)).toBeVisible();
    // A new filter is a new list: nothing in it is open.
    await page.getByRole("button", { name: "Payments", exact: true }).click();
    await expect(page.getByRole("main").getByRole("button", { expanded: true })).toHaveCount(0);
  });

  test("the Contact Support link goes to /contact", async ({ page }) => {
    await page.getByRole("link", { name: "Contact Support" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
