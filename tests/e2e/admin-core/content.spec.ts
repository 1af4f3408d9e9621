import { expect, request as playwrightRequest, test, workerBaseUrl, type Page, workerPort } from "../support/fixtures";
import { catalogue, defaultPageRows } from "../../../app/features/content/catalogue/catalogue";
import { adminStorageState } from "../support/accounts";
import { startIsolatedServer } from "../support/isolated-server";
import { expectToast, failWrites, holdWrites, postForm } from "../support/dashboard";
import { tinyImages } from "../../support/images";

const DEFAULT_HERO_TITLE = catalogue.home.find((entry) => entry.section === "hero_title")!.default;
const png = tinyImages.png;

const card = (page: Page, section: string) => page.getByTestId(`content-card-${section}`);
const addForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("button", { name: "Add Content" }) });

test.describe("[ADMIN][CONTENT]", () => {
  test.use({ storageState: adminStorageState });

  // Every page's default rows, so the cards exist; the defaults are also what the public
  // site shows without rows, so other specs see no difference. Done again afterwards to undo edits.
  const initialize = async (baseURL: string) => {
    const request = await playwrightRequest.newContext({ baseURL, storageState: adminStorageState });
    expect((await postForm(request, baseURL, "/admin/content", { intent: "initialize-content" })).status()).toBe(200);
    await request.dispose();
  };
  test.beforeAll(async () => initialize(workerBaseUrl()));
  test.afterAll(async () => initialize(workerBaseUrl()));

  test("shows the first six page names as tabs and the rest under More pages, kept in the URL", async ({ page }) => {
    await page.goto("/admin/content");
    const pages = [...new Set(defaultPageRows().map((row) => row.pageName))].sort();
    await expect(page.getByRole("tablist", { name: "Pages" }).getByRole("tab")).toHaveText(pages.slice(0, 6));
    await expect(page.getByRole("tab", { name: pages[0] })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("More pages").selectOption("home");
    await expect(page).toHaveURL(/\?page=home$/);
    await expect(card(page, "hero_title")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("More pages")).toHaveValue("home");
    await expect(card(page, "hero_title")).toBeVisible();
    await page.getByRole("tab", { name: "faq" }).click();
    await expect(page).toHaveURL(/\?page=faq$/);
    await expect(card(page, "hero_title")).toBeVisible();
    await expect(card(page, "hero_image")).toHaveCount(0);
  });

  test("edits a home text: Save waits for a change, is disabled while saving, and / shows the text", async ({ page }) => {
    await page.goto("/admin/content?page=home");
    const title = card(page, "hero_title");
    const save = title.getByRole("button", { name: "Save" });
    await expect(title.getByRole("textbox")).toHaveValue(DEFAULT_HERO_TITLE);
    await expect(save).toBeDisabled();
    await title.getByRole("textbox").fill("Wallets made for everyone");
    await expect(save).toBeEnabled();
    await title.getByRole("textbox").fill(DEFAULT_HERO_TITLE);
    await expect(save).toBeDisabled();
    await title.getByRole("textbox").fill("Wallets made for everyone");
    const release = await holdWrites(page, /\/admin\/content\.data/);
    await save.click();
    await expect(title.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expectToast(page, "Success", { description: "Content updated successfully", failure: false });
    await expect(save).toBeDisabled();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wallets made for everyone");
  });

  test("uses a multi-line editor above 100 characters and an upload widget for images", async ({ page }) => {
    await page.goto("/admin/content?page=home");
    await expect(card(page, "hero_subtitle").locator("textarea")).toBeVisible();
    await expect(card(page, "hero_title").locator("textarea")).toHaveCount(0);
    const image = card(page, "hero_image");
    await expect(image.getByRole("button", { name: "Загрузить изображение" })).toBeVisible();
    await image.locator('input[type="file"]').setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: png });
    await expect(image.locator('img[src^="/uploads/hero_image_"]')).toBeVisible();
    // The stored value came back with the page's data: another page and back still shows it.
    await page.getByRole("tab", { name: "faq" }).click();
    await page.getByLabel("More pages").selectOption("home");
    await expect(card(page, "hero_image").locator('img[src^="/uploads/hero_image_"]')).toBeVisible();
    await page.goto("/");
    await expect(page.locator('main img[src^="/uploads/hero_image_"]')).toHaveCount(1);
    await page.goto("/admin/content?page=home");
    await card(page, "hero_image").getByRole("button", { name: "Удалить" }).click();
    await expect(card(page, "hero_image").locator("img")).toHaveCount(0);
    await page.goto("/");
    await expect(page.locator('main img[src^="/uploads/"]')).toHaveCount(0);
  });

  test("shows the legal pages read-only, with a link to the Legal pages tab", async ({ page }) => {
    await page.goto("/admin/content?page=terms");
    const legal = card(page, "page_content");
    await expect(legal).toContainText("Terms of Service");
    await expect(legal.getByRole("textbox")).toHaveCount(0);
    await expect(legal.getByRole("button", { name: "Save" })).toHaveCount(0);
    await legal.getByRole("link", { name: "Edit in Legal pages" }).click();
    await expect(page).toHaveURL(/\/admin\/legal$/);
  });

  test("adds a section, refuses the same one twice, and deletes it after a confirmation", async ({ page }) => {
    await page.goto("/admin/content");
    const form = addForm(page);
    await form.getByLabel("Page Name").fill("home");
    await form.getByLabel("Section Name").fill("e2e_note");
    await form.getByLabel("Content Type").selectOption("text");
    await form.getByLabel("Content Value").fill("A note from the tests");
    await form.getByRole("button", { name: "Add Content" }).click();
    await expectToast(page, "Success", { description: "Content added successfully", failure: false });
    await expect(page).toHaveURL(/\?page=home$/);
    await expect(card(page, "e2e_note").getByRole("textbox")).toHaveValue("A note from the tests");
    await expect(form.getByLabel("Section Name")).toHaveValue("");

    await form.getByLabel("Page Name").fill("home");
    await form.getByLabel("Section Name").fill("e2e_note");
    await form.getByRole("button", { name: "Add Content" }).click();
    await expect(form.getByText("Content for this page and section already exists")).toBeVisible();
    await expectToast(page, "Error", { description: "Content for this page and section already exists", failure: true });

    const note = card(page, "e2e_note");
    await note.getByRole("button", { name: "Delete e2e_note" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(note).toBeVisible();
    await note.getByRole("button", { name: "Delete e2e_note" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", { description: "Content deleted successfully", failure: false });
    await expect(note).toHaveCount(0);
  });

  test("Add Content shows each rule's message next to its field", async ({ page }) => {
    await page.goto("/admin/content");
    const form = addForm(page);
    const submit = form.getByRole("button", { name: "Add Content" });
    await submit.click();
    await expect(form.getByText("Page name is required")).toBeVisible();
    await expect(form.getByText("Section name is required")).toBeVisible();
    await expectToast(page, "Error", { description: "Page name is required", failure: true });
    await form.getByLabel("Page Name").fill("p".repeat(51));
    await form.getByLabel("Section Name").fill("s".repeat(51));
    await submit.click();
    await expect(form.getByText("Page name too long")).toBeVisible();
    await expect(form.getByText("Section name too long")).toBeVisible();
    await form.getByLabel("Page Name").fill("home");
    await form.getByLabel("Section Name").fill("e2e_long");
    await form.getByLabel("Content Value").fill("v".repeat(200_001));
    await submit.click();
    await expect(form.getByText("Content too long")).toBeVisible();
    await expect(form.getByLabel("Content Value")).toHaveAttribute("aria-invalid", "true");
  });

  test("a save that fails on the way shows the destructive 'Error' toast", async ({ page }) => {
    await page.goto("/admin/content?page=home");
    const badge = card(page, "hero_badge");
    await badge.getByRole("textbox").fill("Never saved");
    await failWrites(page, /\/admin\/content\.data/);
    await badge.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Error", { description: "Failed to update content", failure: true });
    await expect(badge.getByRole("textbox")).toHaveValue("Never saved");
  });
});

test.describe("[ADMIN][CONTENT] on a fresh database", () => {
  test("shows the empty state, then Initialize All Content asks first and loads every default", async ({ browser }) => {
    test.setTimeout(90_000);
    const server = await startIsolatedServer({ port: workerPort(1) });
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const signUp = await context.request.post("/api/auth/sign-up/email", {
        headers: { Origin: server.url },
        data: { email: "owner@example.com", password: "owner-password", name: "owner" },
      });
      expect(signUp.ok()).toBeTruthy();
      const page = await context.newPage();
      await page.goto("/admin/content");
      await expect(page.getByText('No content found. Click "Initialize All Content" to load the default content.')).toBeVisible();

      await page.getByRole("button", { name: "Initialize All Content" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("replaced by the default content");
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByText(/^No content found\. Click/)).toBeVisible();

      await page.getByRole("button", { name: "Initialize All Content" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Initialize" }).click();
      await expectToast(page, "Success", { description: "All website content has been initialized successfully!", failure: false });
      await expect(page.getByText(/^No content found/)).toHaveCount(0);

      // Every page shows exactly its catalogue sections, with the default values.
      const rows = defaultPageRows();
      for (const pageName of new Set(rows.map((row) => row.pageName))) {
        await page.goto(`/admin/content?page=${pageName}`);
        const expected = rows.filter((row) => row.pageName === pageName);
        const cards = page.locator('[data-testid^="content-card-"]');
        await expect(cards).toHaveCount(expected.length);
        for (const row of expected.filter((entry) => entry.contentType === "text" || entry.contentType === "url")) {
          await expect(card(page, row.sectionName).getByRole("textbox")).toHaveValue(row.contentValue);
        }
      }
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_HERO_TITLE);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
