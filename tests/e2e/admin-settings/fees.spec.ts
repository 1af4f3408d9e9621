import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { postAction, toast } from "../support/dashboard";

test.use({ storageState: adminStorageState });

test.describe("[ADMIN][FEES]", () => {
  test("shows the six sub-tabs, with textareas for descriptions and answers", async ({ page }) => {
    await page.goto("/admin/fees");
    await expect(page.getByRole("tab")).toHaveText(["General", "Personal Plan", "Business Plan", "Comparison", "FAQ", "Call to Action"]);
    await page.getByRole("tab", { name: "FAQ" }).click();
    const answer = page.locator("#fee-faq_answer_1");
    await expect(answer).toBeVisible();
    expect(await answer.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    expect(await answer.evaluate((element) => parseFloat(getComputedStyle(element).minHeight))).toBeGreaterThanOrEqual(80);
    expect(await page.locator("#fee-faq_question_1").evaluate((element) => element.tagName)).toBe("INPUT");
    await page.getByRole("tab", { name: "Personal Plan" }).click();
    await expect(page.locator("#fee-personal_plan_price")).toHaveValue(/.+/);
  });

  test("a field saves with its own button and /fees shows the new text", async ({ page, request, baseURL }) => {
    await page.goto("/admin/fees");
    const field = page.locator("#fee-page_title");
    const form = page.locator("form", { has: field });
    const save = form.getByRole("button", { name: "Save" });
    const original = await field.inputValue();
    const value = `Honest prices ${Date.now()}`;
    try {
      await expect(save).toBeDisabled();
      await field.fill(value);
      await expect(save).toBeEnabled();
      await save.click();
      await expect(toast(page, "Content updated successfully")).toBeVisible();
      await expect(save).toBeDisabled();
      await page.goto("/fees");
      await expect(page.getByRole("heading", { name: value })).toBeVisible();
    } finally {
      expect(await postAction(request, baseURL!, "/admin/fees", { intent: "update-fee", section: "page_title", value: original })).toBe(
        200,
      );
    }
  });

  test("unsaved edits survive switching sub-tabs", async ({ page }) => {
    await page.goto("/admin/fees");
    await page.getByRole("tab", { name: "Call to Action" }).click();
    await page.locator("#fee-cta_title").fill("Draft only");
    await page.getByRole("tab", { name: "General" }).click();
    await page.getByRole("tab", { name: "Call to Action" }).click();
    await expect(page.locator("#fee-cta_title")).toHaveValue("Draft only");
  });
});
