import { expect, test } from "../support/fixtures";
import { adminStorageState, ADMIN } from "../support/accounts";
import { otherSections } from "../../../app/components/admin/other/other-sections";
import { ensureEveryBlockPage } from "../../../scripts/support/landing-page.js";

// Every screen of the dashboard fits a phone's width: nothing makes the page scroll sideways
// (a table or a tab row scrolls inside its own box; a long button's label wraps).
const PHONE = { width: 390, height: 844 };
const settingsTabs = ["contact", "branding", "colors", "images", "payment", "social", "currency", "buttons", "footer", "links"];
const screens = [
  "/admin",
  "/admin/menu",
  "/admin/legal",
  "/admin/fees",
  ...settingsTabs.map((tab) => `/admin/settings/${tab}`),
  ...otherSections.map((section) => `/admin/other/${section.id}`),
];

test.describe("[ADMIN] the dashboard at phone width", () => {
  test.use({ storageState: adminStorageState, viewport: PHONE });

  test("every section and the page editor are no wider than the screen", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const editorPath = await ensureEveryBlockPage(baseURL!, { account: ADMIN });
    await page.goto("/admin/other/pages");
    await page.getByRole("link", { name: "Gift season" }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: /Gift season/ })).toBeVisible();
    const editor = new URL(page.url()).pathname + new URL(page.url()).search;
    expect(editorPath).toBe("/gift-season");
    const wide: string[] = [];
    for (const screen of [...screens, editor]) {
      const response = await page.goto(screen);
      expect(response?.status(), screen).toBe(200);
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${screen}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
});
