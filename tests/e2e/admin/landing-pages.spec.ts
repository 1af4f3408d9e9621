import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectToast, postForm } from "../support/dashboard";
import { expectNoAxeViolations } from "../support/axe";
import { blockTypeIds, blockTypes } from "../../../app/features/pages/blocks/block-types";

const PATH = "/e2e-campaign";
const RENAMED = "/e2e-campaign-renamed";
const RICH_TEXT = "Gift season terms";
const RICH_BOLD = "Cards ship in two days";

const blockList = (page: Page) => page.getByRole("list", { name: "Блоки страницы" });
const blockTypesInOrder = (page: Page) =>
  blockList(page)
    .locator("[data-block-type]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-block-type")));

/** Saves and waits until the save and the reload after it are done (an earlier toast may still show). */
async function save(page: Page) {
  const button = page.getByRole("button", { name: "Сохранить", exact: true });
  const posted = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/admin/other/pages"),
  );
  await button.click();
  expect((await posted).status()).toBe(200);
  await expect(button).toBeEnabled();
  await expectToast(page, "Сохранено", { failure: false });
}

/** The W3C Nu Html Checker over one served page: no error. */
async function expectValidHtml(html: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "landing-markup-")), "page.html");
  fs.writeFileSync(file, html);
  const output = await promisify(execFile)(
    process.env.JAVA_PATH ?? "java",
    ["-jar", path.resolve("node_modules/vnu-jar/build/dist/vnu.jar"), "--format", "json", "--errors-only", file],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    ({ stdout, stderr }) => stderr || stdout,
    (error: { stderr?: string; stdout?: string }) => error.stderr || error.stdout || "",
  );
  const { messages } = JSON.parse(output) as { messages: { type: string; message: string; lastLine?: number }[] };
  expect(
    messages
      .filter((message) => message.type === "error" && !message.message.startsWith("CSS:"))
      .map((message) => `${message.lastLine}: ${message.message}`),
  ).toEqual([]);
}

test.describe("[ADMIN][PAGES] landing pages", () => {
  test.use({ storageState: adminStorageState });

  // long-function: one flow, each step building on the page the one before made
  test("builds a page from every block, reorders by keyboard, publishes, renames with a 301, unpublishes and restores", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/admin/other/pages");
    await page.getByLabel("Название").fill("E2E campaign");
    await page.getByLabel("Адрес").fill(PATH);
    await page.getByRole("button", { name: "Создать" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/pages\?page=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("page"));

    // Every block type: the new page starts with the hero and the disclaimer the policy asks for.
    const palette = page.getByRole("group", { name: "Добавить блок" });
    for (const type of blockTypeIds.filter((type) => type !== "hero" && type !== "disclaimer")) {
      await palette.getByRole("button", { name: blockTypes[type].label, exact: true }).click();
    }
    await expect(blockList(page).locator("[data-block-type]")).toHaveCount(blockTypeIds.length);
    // A field's error shows next to it, and the save waits for it to be fixed.
    const openTitle = page.locator(`[id^="blocks."][id$=".title"]`).last();
    const openTitleId = await openTitle.getAttribute("id");
    await openTitle.fill("");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(page.locator(`[id="${openTitleId}-error"]`)).toHaveText("Заполните поле");
    await openTitle.fill("Join the gift season");
    // The rich-text block has the legal pages' editor: typed and made bold by keyboard, left by Tab.
    const richText = blockList(page).locator('[data-block-type="rich_text"]');
    await richText.locator("[aria-expanded]").click();
    const editor = richText.getByRole("textbox", { name: "Текст (заголовки, абзацы, списки, ссылки)" });
    // Quill's stylesheet came with it: its link form waits hidden.
    await expect(richText.locator(".ql-tooltip")).toBeHidden();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(RICH_TEXT);
    await page.keyboard.press("Enter");
    await page.keyboard.press("ControlOrMeta+B");
    await page.keyboard.type(RICH_BOLD);
    await page.keyboard.press("ControlOrMeta+B");
    await expect(editor.locator("strong")).toHaveText(RICH_BOLD);
    await page.keyboard.press("Tab");
    await expect(editor).not.toBeFocused();
    await expect(editor).toHaveText(`${RICH_TEXT}${RICH_BOLD}`);
    await save(page);
    await expectNoAxeViolations(page, "the page editor");

    // Reorder by keyboard: the last block's handle, Space, ArrowUp, Space.
    const open = blockList(page).locator('[aria-expanded="true"]');
    if ((await open.count()) > 0) await open.click();
    const before = await blockTypesInOrder(page);
    const handle = blockList(page).getByRole("button", {
      name: new RegExp(`^Переместить блок «${blockTypes[before.at(-1) as "cta"].label}»`),
    });
    await handle.focus();
    // Each key waits for the screen reader's announcement of the one before.
    const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion"]')).toContainText(text);
    await handle.press("Space");
    await announced(`Над позицией ${before.length}.`);
    await handle.press("ArrowUp");
    await announced(`Над позицией ${before.length - 1}.`);
    await handle.press("Space");
    await announced("поставлен");
    await expect.poll(() => blockTypesInOrder(page)).toEqual([...before.slice(0, -2), before.at(-1), before.at(-2)]);
    await save(page);

    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    const served = await request.get(PATH);
    expect(served.status()).toBe(200);
    await expectValidHtml(await served.text());
    expect(await (await request.get("/sitemap.xml")).text()).toContain(`${PATH}</loc>`);

    // A menu item naming the page itself follows it through a rename.
    await postForm(request, baseURL!, "/admin/menu", {
      intent: "create-menu-item",
      displayName: "E2E gifts",
      url: `page:${id}`,
      menuType: "header",
      sortOrder: 0,
    });
    await page.goto(PATH);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "E2E gifts" })).toHaveAttribute("href", PATH);
    await expect(page.locator("main p", { hasText: RICH_TEXT })).toBeVisible();
    await expect(page.locator("main strong", { hasText: RICH_BOLD })).toBeVisible();
    await expectNoAxeViolations(page, "the landing page");

    await page.goto(`/admin/other/pages?page=${id}`);
    await page.getByLabel("Адрес", { exact: true }).fill(RENAMED);
    await save(page);
    const moved = await request.get(`${PATH}?utm_source=e2e`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`${RENAMED}?utm_source=e2e`);
    await page.goto(`${PATH}?utm_source=e2e`);
    await expect(page).toHaveURL(new RegExp(`${RENAMED}\\?utm_source=e2e$`));
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "E2E gifts" })).toHaveAttribute("href", RENAMED);

    await page.goto("/admin/other/redirects");
    await expect(page.getByRole("cell", { name: PATH, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "the redirects manager");

    // Unpublished: 404. Deleted, then brought back from the activity log's restore panel.
    await page.goto(`/admin/other/pages?page=${id}`);
    await page.getByRole("button", { name: "Снять с публикации" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Снята с публикации");
    expect((await request.get(RENAMED)).status()).toBe(404);
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByTestId("page-status")).toHaveText("Опубликована");
    await page.getByRole("button", { name: "Удалить", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(page.getByRole("heading", { name: "Страницы", level: 2 })).toBeVisible();
    await expectNoAxeViolations(page, "the list of pages");
    expect((await request.get(RENAMED)).status()).toBe(404);
    await page.goto("/admin/other/activity");
    await page.getByTestId("deleted-entry").filter({ hasText: "Страница: E2E campaign" }).getByRole("button", { name: "Вернуть" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Вернуть" }).click();
    await expectToast(page, "Успех", { failure: false });
    await expect.poll(async () => (await request.get(RENAMED)).status()).toBe(200);

    await page.goto("/admin/menu");
    const menuIds = await page
      .locator('[data-testid^="menu-item-"]')
      .filter({ hasText: "E2E gifts" })
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")!.replace("menu-item-", "")));
    for (const menuId of menuIds) await postForm(request, baseURL!, "/admin/menu", { intent: "delete-menu-item", id: menuId });
  });
});
