import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { previewHref } from "../../../app/features/releases/preview/preview";

const TERMS = "E2E terms that take effect later";

/** A date `days` from today, as a date field takes it (the test servers' site time zone is UTC). */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A date as the English pages write it. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

/** The release the first test schedules, which the second previews and edits. */
let releaseUrl = "";

test.describe("[ADMIN][LEGAL] a change of the terms with an effective date", () => {
  test.use({ storageState: adminStorageState });

  test("is staged with its date, scheduled for it, and announced on the public page with its coming version", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Outside a release the field says where it is set (the pages created first, live).
    // The worker's server may hold the legal pages already (another spec made them).
    await page.goto("/admin/legal");
    const editor = page.getByRole("tabpanel", { name: "Terms of Service" }).locator(".ql-editor");
    const create = page.getByRole("button", { name: "Создать" }).first();
    await expect(editor.or(create)).toBeVisible();
    if (await create.isVisible()) await create.click();
    await expect(editor).toBeVisible();
    await expect(page.getByText("Дату вступления в силу можно задать, когда открыт выпуск").first()).toBeVisible();

    await page.goto("/admin/other/releases");
    await page.getByLabel("Название выпуска").fill("E2E terms of next year");
    await page.getByRole("button", { name: "Создать и открыть" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/releases\/\d+$/);
    releaseUrl = page.url();

    await page.goto("/admin/legal");
    const terms = page.getByRole("tabpanel", { name: "Terms of Service" });
    const field = terms.getByLabel("Вступает в силу с");
    // A date in the past: the browser holds it back (the field's minimum is tomorrow), and the
    // server refuses it with its reason when it is sent anyway.
    await field.fill(dateIn(-1));
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
    await field.evaluate((input: HTMLInputElement) => input.removeAttribute("min"));
    await terms.getByRole("button", { name: "Сохранить дату" }).click();
    await expect(terms.getByText("Дата вступления в силу уже наступила: укажите дату позже сегодняшней").first()).toBeVisible();
    // Ten days ahead: staged, with the warning that the notice is short.
    await field.fill(dateIn(10));
    await terms.getByRole("button", { name: "Сохранить дату" }).click();
    await expect(terms.locator("[data-short-notice]")).toContainText("меньше 2 мес.");
    await terms.locator(".ql-editor").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(TERMS);
    await terms.getByRole("button", { name: "Сохранить контент" }).click();
    await expect(terms.getByTestId("staged-value")).toBeVisible();
    await expectNoAxeViolations(page, "the legal tab with an effective date");
    const dateForm = terms.locator("[data-effective-date]");
    await dateForm.screenshot({ path: "test-results/effective-admin-1280.png" });
    await page.setViewportSize({ width: 390, height: 900 });
    await dateForm.screenshot({ path: "test-results/effective-admin-390.png" });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The fees' tab has the same field.
    await page.goto("/admin/fees");
    await expect(page.getByLabel("Вступает в силу с")).toBeVisible();

    // Published now: refused; the schedule offers the date's start, and takes it.
    await page.goto(releaseUrl);
    await page.getByRole("button", { name: "Опубликовать сейчас" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "публикуется только по расписанию" }).first()).toBeVisible();
    await expect(page.getByLabel(/^Дата и время публикации/)).toHaveValue(`${dateIn(10)}T00:00`);
    await page.getByRole("button", { name: "Запланировать" }).click();
    await expect(page.getByTestId("release-state")).toHaveText("Запланирован");

    // A visitor: the current terms, the announcement, the coming version behind its link.
    for (const width of [1280, 390]) {
      const visitor = await (await browser.newContext({ baseURL, viewport: { width, height: 900 } })).newPage();
      await visitor.goto("/terms");
      await expect(visitor.locator("article")).not.toContainText(TERMS);
      const note = visitor.locator("[data-coming-change]");
      await expect(note).toContainText("A new version of this document takes effect on");
      await expectNoAxeViolations(visitor, `the terms announcing their coming version (${width} px)`);
      await visitor.screenshot({ path: `test-results/effective-terms-${width}.png`, fullPage: true });
      await note.getByRole("link", { name: "Read the new version" }).click();
      await expect(visitor).toHaveURL(/\/terms\/upcoming$/);
      await expect(visitor.locator("[data-coming-banner]")).toContainText("This version takes effect on");
      await expect(visitor.locator("article")).toContainText(TERMS);
      await expectNoAxeViolations(visitor, `the terms' coming version (${width} px)`);
      await visitor.screenshot({ path: `test-results/effective-upcoming-${width}.png`, fullPage: true });
      await visitor.context().close();
    }
  });

  test("its preview shows the terms as on their date; an edit takes the release back to draft and the announcement goes", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    test.skip(!releaseUrl, "the first test schedules the release");
    const releaseId = Number(releaseUrl.split("/").at(-1));
    // A visitor is announced the change (the page cache keeps that page).
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto("/terms");
    await expect(visitor.locator("[data-coming-change]")).toBeVisible();

    // The release's preview: the terms on their date, with the staged text, announcing nothing.
    await page.goto(previewHref(releaseId, "/terms"));
    const banner = page.getByTestId("preview-banner");
    await expect(banner).toBeVisible();
    await expect(page.locator("[data-effective-from]")).toHaveText(`Effective from ${longDate(dateIn(10))}`);
    await expect(page.locator("article")).toContainText(TERMS);
    await expect(page.locator("[data-coming-change]")).toHaveCount(0);
    await page.screenshot({ path: "test-results/effective-preview-1280.png", fullPage: true });
    await banner.getByRole("link", { name: "Выйти из предпросмотра" }).click();
    await expect(page).toHaveURL(releaseUrl);

    // Opened and edited: the release is a draft again, and the public page stops announcing it.
    await page.getByRole("button", { name: "Редактировать в выпуске" }).click();
    await expect(page.getByRole("main").getByRole("button", { name: "Вернуться к правке сайта" })).toBeVisible();
    await page.goto("/admin/legal");
    const terms = page.getByRole("tabpanel", { name: "Terms of Service" });
    await terms.locator(".ql-editor").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" (corrected)");
    await terms.getByRole("button", { name: "Сохранить контент" }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto(releaseUrl);
        return page.getByTestId("release-state").textContent();
      })
      .toBe("Черновик");
    await visitor.goto("/terms");
    await expect(visitor.locator("[data-coming-change]")).toHaveCount(0);
    await expect(visitor.locator("article")).not.toContainText(TERMS);
    await visitor.context().close();

    // Cancelled, and back to the site's editing, for the worker's other specs.
    await page.getByRole("main").getByRole("button", { name: "Вернуться к правке сайта" }).click();
    await expect(page.getByRole("button", { name: "Редактировать в выпуске" })).toBeVisible();
    await page.getByRole("button", { name: "Отменить выпуск" }).click();
    await expect(page.getByTestId("release-state")).toHaveText("Отменён");
  });
});
