import { expect, test } from "../support/fixtures";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";

const fees = defaultsFor("fees");
const settings = defaultsFor("global");

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

test.describe("[PUBLIC][FEES]", () => {
  test("shows both plans with the product's fee figures, Business marked Popular", async ({ page }) => {
    await page.goto("/fees");
    const personal = page.locator('[data-plan="personal"]');
    const business = page.locator('[data-plan="business"]');
    await expect(personal.getByRole("heading", { name: "Personal" })).toBeVisible();
    await expect(personal).toContainText("Free");
    await expect(personal).not.toContainText("Popular");
    await expect(business.getByText("Popular")).toBeVisible();
    for (const figure of ["€17.00", "€70.00", "0.2%", "1.5%", "€25.00", "0.75%", "€1.50 up to €1,000", "€175.00 over €100,000"]) {
      await expect(business, figure).toContainText(figure);
    }
    for (const figure of ["€1.50", "2.5%", "No monthly fee"]) await expect(personal, figure).toContainText(figure);
  });

  test("shows the period after a price but not after 'Free'", async ({ page }) => {
    await page.goto("/fees");
    await expect(page.locator('[data-plan="business"] [data-price-period]')).toHaveText("/month");
    await expect(page.locator('[data-plan="personal"] [data-price-period]')).toHaveCount(0);
  });

  test("plan buttons and the primary call to action open registration in a new tab; the secondary goes to /contact", async ({ page }) => {
    await page.goto("/fees");
    for (const name of [fees.personal_plan_button_text!, fees.business_plan_button_text!, fees.cta_button_primary!]) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", settings.signup_button_url!);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(page.getByRole("link", { name: fees.cta_login_text })).toHaveAttribute("target", "_blank");
    await page.getByRole("link", { name: fees.cta_button_secondary }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the Before Registration box links to /aml-kyc; Account Limits explains manual limits", async ({ page }) => {
    await page.goto("/fees");
    await expect(page.getByRole("heading", { name: "Account Limits" })).toBeVisible();
    await expect(page.getByText(fees.account_limits_text!)).toBeVisible();
    await page.getByRole("link", { name: fees.before_registration_link }).click();
    await expect(page).toHaveURL(/\/aml-kyc$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AML/KYC Policy");
  });

  test("the comparison table shows ticks and crosses per plan", async ({ page }) => {
    await page.goto("/fees");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Features", "Personal", "Business"]);
    const expected: [string, string, string][] = [
      [fees.comparison_feature_transfers!, "Included", "Included"],
      [fees.comparison_feature_support!, "Not included", "Included"],
      [fees.comparison_feature_analytics!, "Included", "Included"],
      [fees.comparison_feature_api!, "Not included", "Included"],
      [fees.comparison_feature_security!, "Included", "Included"],
    ];
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(expected.length);
    for (const [index, [feature, personal, business]] of expected.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole("rowheader")).toHaveText(feature);
      await expect(row.getByRole("cell").nth(0).getByRole("img", { name: personal, exact: true })).toBeVisible();
      await expect(row.getByRole("cell").nth(1).getByRole("img", { name: business, exact: true })).toBeVisible();
    }
  });

  test("the four pricing questions expand to their answers", async ({ page }) => {
    await page.goto("/fees");
    for (let index = 1; index <= 4; index++) {
      const answer = page.getByText(fees[`faq_answer_${index}`]!);
      await expect(answer).toBeHidden();
      await page.getByText(fees[`faq_question_${index}`]!).click();
      await expect(answer).toBeVisible();
    }
  });
});
