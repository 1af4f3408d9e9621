import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { postAction, toast } from "../support/dashboard";

test.use({ storageState: adminStorageState });

const emptyDelta = JSON.stringify({ ops: [{ insert: "\n" }] });

/** The stored HTML of a legal page, as its public page renders it. */
async function publicHtml(page: Page, path: string) {
  await page.goto(path);
  return page.locator("main article").first().innerHTML();
}

/** Creates the legal pages when they are missing ('Создать'), as an administrator would. */
async function ensureLegalPages(page: Page) {
  await page.goto("/admin/legal");
  const create = page.getByRole("button", { name: "Создать" }).first();
  if (await create.isVisible()) {
    await create.click();
    await expect(toast(page, "Юридические страницы инициализированы")).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Создать" })).toHaveCount(0);
}

test.describe("[ADMIN][LEGAL]", () => {
  test("edits a page in the editor and /terms shows it at once", async ({ page, request, baseURL }) => {
    const original = await publicHtml(page, "/terms");
    await ensureLegalPages(page);
    await expect(page.getByRole("tab")).toHaveText(["Terms of Service", "Privacy Policy", "AML/KYC Policy"]);
    const panel = page.getByRole("tabpanel", { name: "Terms of Service" });
    const editor = panel.locator(".ql-editor");
    await expect(editor).toBeVisible();
    expect(await panel.locator(".ql-container").evaluate((element) => element.getBoundingClientRect().height)).toBe(400);
    for (const format of [
      "ql-header",
      "ql-bold",
      "ql-italic",
      "ql-underline",
      "ql-strike",
      "ql-list",
      "ql-indent",
      "ql-link",
      "ql-align",
      "ql-clean",
    ]) {
      await expect(panel.locator(`.ql-toolbar .${format}`).first(), format).toBeAttached();
    }
    const save = panel.getByRole("button", { name: "Сохранить контент" });
    await expect(save).toBeDisabled();
    const text = `Terms edited in the browser ${Date.now()}`;
    try {
      await editor.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Control+b");
      await page.keyboard.type(text);
      await expect(save).toBeEnabled();
      await save.click();
      await expect(toast(page, "Страница обновлена успешно")).toBeVisible();
      await expect(save).toBeDisabled();
      await page.goto("/terms");
      await expect(page.locator("main strong", { hasText: text })).toBeVisible();
    } finally {
      const status = await postAction(request, baseURL!, "/admin/legal", {
        intent: "save-legal-page",
        page_name: "terms",
        section_name: "page_content",
        content: original,
        rich_content: emptyDelta,
      });
      expect(status).toBe(200);
    }
  });

  test("HTML with scripts, handlers, javascript: links, frames and styles posted to the action is rendered harmless", async ({
    page,
    request,
    baseURL,
  }) => {
    const original = await publicHtml(page, "/privacy");
    await ensureLegalPages(page);
    const payload = [
      "<h2>Privacy payload test</h2>",
      "<script>window.__xss = 'script'</script>",
      `<img src="x" onerror="window.__xss='img'">`,
      `<p style="position:fixed;inset:0" onclick="window.__xss='click'">Styled paragraph</p>`,
      `<a href="javascript:window.__xss='link'">Bad link</a>`,
      `<a href="/contact">Good link</a>`,
      `<iframe src="https://evil.example"></iframe>`,
      `<svg onload="window.__xss='svg'"></svg>`,
      `<form action="https://evil.example"><input autofocus onfocus="window.__xss='focus'"></form>`,
    ].join("");
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      const status = await postAction(request, baseURL!, "/admin/legal", {
        intent: "save-legal-page",
        page_name: "privacy",
        section_name: "page_content",
        content: payload,
        rich_content: emptyDelta,
      });
      expect(status).toBe(200);
      await page.goto("/privacy");
      const article = page.locator("main article").first();
      await expect(article.getByRole("heading", { name: "Privacy payload test" })).toBeVisible();
      await article.getByText("Styled paragraph").click();
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      await expect(article.locator("script, iframe, img, svg, form, input, [style], [onclick], [onerror]")).toHaveCount(0);
      await expect(article.locator("a", { hasText: "Bad link" })).not.toHaveAttribute("href", /.*/);
      await expect(article.getByRole("link", { name: "Good link" })).toHaveAttribute("href", "/contact");
    } finally {
      await postAction(request, baseURL!, "/admin/legal", {
        intent: "save-legal-page",
        page_name: "privacy",
        section_name: "page_content",
        content: original,
        rich_content: emptyDelta,
      });
    }
  });

  test("the editor is never loaded by a public page", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const path of ["/", "/terms", "/privacy", "/aml-kyc"]) await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => /quill/i.test(url))).toEqual([]);
    await page.goto("/admin/legal");
    await expect(page.locator(".ql-editor").first()).toBeAttached();
    expect(requested.some((url) => /quill/i.test(url))).toBe(true);
  });
});
