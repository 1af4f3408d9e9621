import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState, ADMIN } from "../support/accounts";
import { postForm } from "../support/dashboard";
import { otherSections } from "../../../app/components/admin/other/other-sections";
import { ensureEveryBlockPage, everyBlock, publishLandingPage } from "../../../scripts/support/landing-page.js";

// Every screen of the dashboard fits a phone's width: nothing makes the page scroll sideways
// (a table or a tab row scrolls inside its own box, a long name is cut or wraps, a long button's
// label wraps), with the long names a real site gathers: a landing page's long address (the
// archive's address lists, the pages list), a redirect's (the redirects table) and a deleted
// section's long name (the activity log's restore lists).
const PHONE = { width: 390, height: 844 };
const LONG_ADDRESS = "/a-landing-page-whose-address-is-longer-than-a-phone-is-wide";
const LONG_SECTION = "a_section_whose_name_is_longer_than_a_phone_screen";
const LONG_REDIRECT = "/an-old-campaign-address-that-is-also-longer-than-a-phone-is-wide";
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
    test.setTimeout(180_000);
    await ensureEveryBlockPage(baseURL!, { account: ADMIN });
    // Published for this walk and deleted after it (a retry finds none), so the specs after this
    // one find the site as it was.
    const { id: longPage } = await publishLandingPage(baseURL!, LONG_ADDRESS, everyBlock(), { account: ADMIN });
    try {
      await walk(page, baseURL!);
    } finally {
      expect((await postForm(page.request, baseURL!, "/admin/other/pages", { intent: "delete-page", id: longPage })).status()).toBe(200);
    }
    expect((await page.request.get(LONG_ADDRESS)).status()).toBe(404);
  });
});

async function walk(page: Page, baseURL: string) {
  const redirect = await postForm(page.request, baseURL, "/admin/other/redirects", {
    intent: "create-redirect",
    fromPath: LONG_REDIRECT,
    toPath: "/fees",
    status: 301,
  });
  expect([200, 409]).toContain(redirect.status());
  // A section with a long name, added and deleted: the activity log offers to bring it back.
  const added = await postForm(page.request, baseURL, "/admin/content", {
    intent: "add-content",
    pageName: "home",
    sectionName: LONG_SECTION,
    contentType: "text",
    contentValue: "x",
  });
  expect([200, 409]).toContain(added.status());
  await page.goto("/admin/content?page=home");
  await page.getByRole("button", { name: `Delete ${LONG_SECTION}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("button", { name: `Delete ${LONG_SECTION}` })).toHaveCount(0);
  await page.goto("/admin/other/activity");
  await expect(page.getByTestId("deleted-entry").filter({ hasText: LONG_SECTION }).first()).toBeAttached();
  // The archive has captured the long address (its worker runs after each publish).
  await expect(async () => {
    await page.goto("/admin/other/archive");
    await expect(page.locator(`option[value="${LONG_ADDRESS}"]`).first()).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  await page.goto("/admin/other/pages");
  await page.getByRole("link", { name: "Gift season" }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: /Gift season/ })).toBeVisible();
  const editor = new URL(page.url()).pathname + new URL(page.url()).search;
  const wide: string[] = [];
  for (const screen of [...screens, editor]) {
    const response = await page.goto(screen);
    expect(response?.status(), screen).toBe(200);
    // Laid out as a person sees it: its images and stylesheets loaded, hydrated, fonts applied.
    await page.waitForLoadState("load");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.fonts.status === "loaded");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width) wide.push(`${screen}: ${width} px`);
  }
  expect(wide).toEqual([]);
}
