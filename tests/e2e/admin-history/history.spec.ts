import { expect, request as playwrightRequest, test, workerBaseUrl, type Locator, type Page } from "../support/fixtures";
import { tinyImages } from "../../support/images";
import { adminStorageState } from "../support/accounts";
import { expectToast, postForm } from "../support/dashboard";

const contentCard = (page: Page, section: string) => page.getByTestId(`content-card-${section}`);

/** Opens a card's 'История' and restores the revision picked from the list (newest first), after confirming. */
async function restoreFromHistory(page: Page, opener: Locator, pick: (revisions: Locator) => Locator) {
  await opener.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const revision = pick(dialog.getByTestId("revision"));
  await revision.getByRole("button", { name: "Восстановить" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Восстановить" }).click();
  await expectToast(page, "Успех", { description: "Версия восстановлена", failure: false });
  return dialog;
}

test.describe("[ADMIN][HISTORY]", () => {
  test.use({ storageState: adminStorageState });

  const initialize = async (baseURL: string) => {
    const request = await playwrightRequest.newContext({ baseURL, storageState: adminStorageState });
    expect((await postForm(request, baseURL, "/admin/content", { intent: "initialize-content" })).status()).toBe(200);
    await request.dispose();
  };
  test.beforeAll(async () => initialize(workerBaseUrl()));
  test.afterAll(async () => initialize(workerBaseUrl()));

  test("a content card lists its earlier texts with a diff and restores one; / shows it", async ({ page }) => {
    await page.goto("/admin/content?page=home");
    const card = contentCard(page, "hero_title");
    for (const text of ["Wallets for the first time", "Wallets for the second time"]) {
      await card.getByRole("textbox").fill(text);
      await card.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Success", { description: "Content updated successfully" });
      await expect(card.getByRole("button", { name: "Save" })).toBeDisabled();
    }
    await card.getByRole("button", { name: "История: home/hero_title" }).click();
    const dialog = page.getByRole("dialog");
    const newest = dialog.getByTestId("revision").first();
    await expect(newest).toContainText("admin@example.com");
    await expect(newest.locator("del")).toHaveText("first");
    await expect(newest.locator("ins")).toHaveText("second");
    await page.keyboard.press("Escape");

    await restoreFromHistory(page, card.getByRole("button", { name: "История: home/hero_title" }), (revisions) => revisions.nth(1));
    await expect(page.getByRole("dialog").getByTestId("revision").first()).toContainText("Восстановлено");
    await page.keyboard.press("Escape");
    await expect(card.getByRole("textbox")).toHaveValue("Wallets for the first time");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wallets for the first time");
  });

  test("a setting image shows thumbnails and restoring brings back its stored file", async ({ page, request, baseURL }) => {
    const upload = async (bytes: Buffer, type: string) => {
      const answer = await request.post("/admin/upload?section=header_logo_url", {
        headers: { Origin: baseURL!, "content-type": type },
        data: bytes,
      });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { url: string }).url;
    };
    const first = await upload(tinyImages.png, "image/png");
    const second = await upload(tinyImages.gif, "image/gif");
    await page.goto("/admin/settings/branding");
    const card = page.getByTestId("setting-header_logo_url");
    await card.getByRole("button", { name: /^История/ }).click();
    const newest = page.getByRole("dialog").getByTestId("revision").first();
    await expect(newest.getByRole("img", { name: "Было" })).toHaveAttribute("src", first);
    await expect(newest.getByRole("img", { name: "Стало" })).toHaveAttribute("src", second);
    await page.keyboard.press("Escape");
    await restoreFromHistory(page, card.getByRole("button", { name: /^История/ }), (revisions) => revisions.nth(1));
    // The revision restored is the one that set the first file; the older file is still served.
    await page.keyboard.press("Escape");
    await expect(card.locator(`img[src="${first}"]`).first()).toBeVisible();
    expect((await request.get(first)).status()).toBe(200);
    await request.delete("/admin/upload?section=header_logo_url", { headers: { Origin: baseURL! } });
  });

  test("a legal page's history shows the rendered page, and restoring puts /terms back", async ({ page, request, baseURL }) => {
    await postForm(request, baseURL!, "/admin/legal", { intent: "init-legal-pages" });
    const save = (text: string) =>
      postForm(request, baseURL!, "/admin/legal", {
        intent: "save-legal-page",
        page_name: "terms",
        section_name: "page_content",
        content: `<h2>Terms</h2><p>${text}</p>`,
        rich_content: JSON.stringify({ ops: [{ insert: `Terms\n${text}\n` }] }),
      });
    expect((await save("Older terms text")).status()).toBe(200);
    expect((await save("Newer terms text")).status()).toBe(200);
    await page.goto("/admin/legal");
    await page.getByRole("tab", { name: "Terms of Service" }).click();
    const opener = page.getByRole("button", { name: "История: Terms of Service" });
    await opener.click();
    const html = page.getByRole("dialog").getByTestId("revision-html");
    await expect(html.first().locator("h2")).toHaveText("Terms");
    await expect(html.first()).toContainText("Newer terms text");
    await page.keyboard.press("Escape");
    await restoreFromHistory(page, opener, (revisions) => revisions.filter({ hasText: "Older terms text" }).first());
    await page.goto("/terms");
    await expect(page.getByText("Older terms text")).toBeVisible();
  });

  test("a deleted menu item is listed under 'Удалённые' and comes back", async ({ page, request, baseURL }) => {
    expect(
      (
        await postForm(request, baseURL!, "/admin/menu", {
          intent: "create-menu-item",
          displayName: "Press room",
          url: "/press",
          menuType: "footer",
          sortOrder: "9",
        })
      ).status(),
    ).toBe(200);
    await page.goto("/admin/menu");
    const row = page.getByRole("listitem").filter({ hasText: "Press room" });
    await row.getByRole("button", { name: "Удалить «Press room»" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(row).toHaveCount(0);

    await page.goto("/admin/other/activity");
    const deleted = page.getByTestId("deleted-entry").filter({ hasText: "Press room" });
    await deleted.getByRole("button", { name: "Вернуть" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Вернуть" }).click();
    await expectToast(page, "Успех", { description: "Версия восстановлена" });
    await expect(deleted).toHaveCount(0);
    await page.goto("/admin/menu");
    await expect(page.getByRole("listitem").filter({ hasText: "Press room" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Press room" })).toContainText("/press");
    // Leave the menu as other specs expect it.
    await page.getByRole("button", { name: "Удалить «Press room»" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Press room" })).toHaveCount(0);
  });

  test("'Initialize All Content' is undone as a whole from the log", async ({ page, request, baseURL }) => {
    await page.goto("/admin/content?page=home");
    const card = contentCard(page, "hero_title");
    await card.getByRole("textbox").fill("Kept through initialize");
    await card.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Success", { description: "Content updated successfully" });
    expect((await postForm(request, baseURL!, "/admin/content", { intent: "initialize-content" })).status()).toBe(200);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Kept through initialize");

    await page.goto("/admin/other/activity");
    const group = page.getByTestId("initialize-group").first();
    await expect(group).toContainText("admin@example.com");
    await group.getByRole("button", { name: "Отменить" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Отменить инициализацию" }).click();
    await expectToast(page, "Успех", { description: "Инициализация отменена" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kept through initialize");
  });

  test("the log filters by area, person and date, pages, and exports the filter as CSV", async ({ page }) => {
    await page.goto("/admin/other");
    await expect(page).toHaveURL(/\/admin\/other\/activity$/);
    await expect(page.getByRole("heading", { name: "Журнал" })).toBeVisible();
    await page.getByLabel("Раздел", { exact: true }).selectOption("menu");
    await page.getByLabel("Кто", { exact: true }).selectOption({ label: "admin@example.com" });
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/area=menu/);
    // The address changes before the filtered list renders (the render is a transition), so
    // the list is awaited until no entry of another area is left, and only then read.
    const entries = page.getByTestId("activity-entry");
    await expect(entries.filter({ hasNotText: "Меню:" })).toHaveCount(0);
    await expect(entries.first()).toBeVisible();
    for (const text of await entries.allInnerTexts()) expect(text).toContain("Меню:");
    await expect(entries.filter({ hasText: "Пункт меню «Press room»" }).first()).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Скачать CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await import("node:fs/promises")).readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Время (UTC),Кто,Событие,Раздел,Что");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(",menu,");

    await page.getByLabel("С", { exact: true }).fill("2001-01-01");
    await page.getByLabel("По", { exact: true }).fill("2001-01-02");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page.getByText("Записей нет.")).toBeVisible();
    await page.getByRole("link", { name: "Сбросить" }).click();
    await expect(page.getByLabel("Раздел", { exact: true })).toHaveValue("");
  });
});
