import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { toast } from "../support/dashboard";

test.use({ storageState: adminStorageState });

test.describe("[ADMIN][PAGE-LINKS]", () => {
  test("adds a page link, edits its URL and clears it", async ({ page }) => {
    // A page name no other spec uses: page links cannot be deleted (the panel has no delete).
    const name = `e2e${Date.now()}`;
    await page.goto("/admin/settings/links");
    await page.getByRole("button", { name: "Add Page Link" }).click();
    const pageName = page.getByLabel("Page Name");
    const pageUrl = page.getByLabel("Page URL", { exact: true });
    await expect(pageName).toHaveAttribute("placeholder", "e.g. about, services");
    await expect(pageUrl).toHaveAttribute("placeholder", "/page-url");
    await page.getByRole("button", { name: "Add Link" }).click();
    await expect(page.getByText("Page name is required")).toBeVisible();
    await expect(page.getByText("Page URL is required")).toBeVisible();
    await pageName.fill(name);
    await pageUrl.fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Add Link" }).click();
    await expect(page.getByText("Enter a path starting with / or an http(s) address")).toBeVisible();
    await pageUrl.fill(`/${name}`);
    await page.getByRole("button", { name: "Add Link" }).click();
    await expect(toast(page, "Page link added successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Link" })).toHaveCount(0);

    const card = page.getByTestId(`page-link-${name}`);
    await expect(card.getByRole("heading", { name: `${name.charAt(0).toUpperCase()}${name.slice(1)} Page` })).toBeVisible();
    await expect(card).toContainText(`/${name}`);
    await expect(card.getByRole("link", { name: /new tab/ })).toHaveAttribute("href", `/${name}`);
    await expect(card.getByRole("link", { name: /new tab/ })).toHaveAttribute("target", "_blank");

    const input = card.getByPlaceholder("/page-url");
    await input.fill(`https://example.com/${name}`);
    await card.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Page URL updated successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`page-link-${name}`)).toContainText(`https://example.com/${name}`);

    await page.getByTestId(`page-link-${name}`).getByPlaceholder("/page-url").fill("");
    await page.getByTestId(`page-link-${name}`).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Page URL updated successfully").last()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`page-link-${name}`)).toContainText("Not set");
    await expect(page.getByTestId(`page-link-${name}`).getByRole("link", { name: /new tab/ })).toHaveCount(0);
  });

  test("refuses a second link for the same page", async ({ page }) => {
    const name = `dup${Date.now()}`;
    await page.goto("/admin/settings/links");
    for (const attempt of [1, 2]) {
      await page.getByRole("button", { name: "Add Page Link" }).click();
      await page.getByLabel("Page Name").fill(name);
      await page.getByLabel("Page URL", { exact: true }).fill(`/${name}-${attempt}`);
      await page.getByRole("button", { name: "Add Link" }).click();
      if (attempt === 1) await expect(toast(page, "Page link added successfully")).toBeVisible();
    }
    await expect(toast(page, `A page link for "${name}" already exists`)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`page-link-${name}`)).toContainText(`/${name}-1`);
  });
});
