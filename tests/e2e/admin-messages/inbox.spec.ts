import { expect, test, type Browser } from "../support/fixtures";
import { adminStorageState, memberStorageState } from "../support/accounts";
import { waitForContactStamp } from "../support/contact";
import { expectToast } from "../support/dashboard";

/** Sends a message through the public form as a visitor would. */
async function sendMessage(browser: Browser, fields: { name: string; email: string; subject: string; message: string }) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
  const page = await context.newPage();
  await page.goto("/contact");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Subject", { exact: true }).selectOption(fields.subject);
  await page.getByLabel("Message", { exact: true }).fill(fields.message);
  await waitForContactStamp(context);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message has been sent successfully. We'll get back to you soon!")).toBeVisible();
  await context.close();
}

test.describe("[ADMIN][MESSAGES]", () => {
  test.use({ storageState: adminStorageState });

  // long-function: one visitor-to-inbox journey whose steps depend on the previous ones
  test("a message sent on the site is read, answered, exported and deleted in the inbox", async ({ browser, page }) => {
    const marker = `inbox-${Date.now()}`;
    const name = `Grace ${marker}`;
    await sendMessage(browser, { name, email: "grace@example.com", subject: "Payment Problems", message: `Where is my refund? ${marker}` });

    await page.goto("/admin/content");
    const otherTab = page.getByRole("navigation", { name: "Разделы панели" }).getByRole("link", { name: /Другое/ });
    const badge = otherTab.getByTestId("tab-badge");
    await expect(badge).toBeVisible();
    const unread = Number((await badge.innerText()).match(/\d+/)![0]);
    expect(unread).toBeGreaterThanOrEqual(1);
    // On a phone the tabs scroll in their own row: the badge's spoken text must not widen the page.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize(size);

    // The tab opens the hub's first section; the inbox is one of its sections.
    await otherTab.click();
    await expect(page).toHaveURL(/\/admin\/other\/[a-z]+$/);
    await page.getByRole("navigation", { name: "Разделы вкладки «Другое»" }).getByRole("link", { name: "Сообщения" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/messages$/);
    await expect(page.getByRole("link", { name: "Сообщения" })).toHaveAttribute("aria-current", "page");
    const list = page.getByRole("list", { name: "Сообщения" });
    // Newest first.
    await expect(list.getByRole("listitem").first()).toContainText(name);
    const item = list.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("(не прочитано)");

    await item.getByRole("button", { name: new RegExp(name) }).click();
    await expect(item.getByText(`Where is my refund? ${marker}`)).toBeVisible();
    await expect(item).not.toContainText("(не прочитано)");
    await expect(unread - 1 > 0 ? badge : otherTab.getByTestId("tab-badge")).toHaveCount(unread - 1 > 0 ? 1 : 0);
    if (unread - 1 > 0) await expect(badge).toContainText(String(unread - 1));

    const reply = new URL((await item.getByRole("link", { name: "Ответить" }).getAttribute("href"))!);
    expect(reply.protocol + reply.pathname).toBe("mailto:grace@example.com");
    expect(reply.searchParams.get("subject")).toBe("Re: Payment Problems");
    expect(reply.searchParams.get("body")).toContain(`> Where is my refund? ${marker}`);

    await item.getByRole("button", { name: "Отметить непрочитанным" }).click();
    await expect(item).toContainText("(не прочитано)");
    await expect(badge).toContainText(String(unread));

    // The notification mail's link opens the message and marks it read.
    const id = (await item.getAttribute("data-testid"))!.replace("message-", "");
    await page.goto(`/admin/other/messages?open=${id}`);
    await expect(item.getByText(`Where is my refund? ${marker}`)).toBeVisible();
    await expect(item).not.toContainText("(не прочитано)");
    await expect(item.getByRole("button", { name: "Отметить непрочитанным" })).toBeVisible();

    // Search and subject filter.
    await page.getByLabel("Поиск", { exact: true }).fill(marker);
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${marker}`));
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Тема").selectOption("Feature Request");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page.getByText("Ничего не найдено.")).toBeVisible();
    await page.getByLabel("Тема").selectOption("Payment Problems");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // The CSV holds what the inbox shows.
    const exportLink = page.getByRole("link", { name: "Экспорт CSV" });
    expect(await exportLink.getAttribute("href")).toBe(`/admin/messages.csv?subject=Payment+Problems&q=${marker}`);
    const download = page.waitForEvent("download");
    await exportLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await page.request.get(`/admin/messages.csv?q=${marker}`);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${name},grace@example.com,Payment Problems,Where is my refund? ${marker},en,true,none`);

    await item.getByRole("button", { name: new RegExp(name) }).click();
    await item.getByRole("button", { name: "Удалить" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Удалить сообщение?" });
    await expect(dialog).toContainText("grace@example.com");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Удалить" }).click();
    await dialog.getByRole("button", { name: "Удалить" }).click();
    await expectToast(page, "Сообщение удалено", { failure: false });
    await expect(page.getByText("Ничего не найдено.")).toBeVisible();
    expect((await (await page.request.get(`/admin/messages.csv?q=${marker}`)).text()).trim().split("\r\n")).toHaveLength(1);
  });
});

test.describe("[ADMIN][MESSAGES] for others", () => {
  test.use({ storageState: memberStorageState });

  test("the inbox and its export are refused to a member", async ({ page }) => {
    expect((await page.request.get("/admin/messages.csv")).status()).toBe(403);
    expect((await page.request.get("/admin/other/messages.data")).status()).toBe(403);
    await page.goto("/admin/other/messages");
    await expect(page.getByRole("list", { name: "Сообщения" })).toHaveCount(0);
  });
});
