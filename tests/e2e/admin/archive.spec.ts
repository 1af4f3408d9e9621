import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";

test.describe("[ADMIN][ARCHIVE] the site as of a date", () => {
  test.use({ storageState: adminStorageState });

  test("lists a page's versions and opens it as served then, under a banner, never cached", async ({ page, request }) => {
    // The archive's starting point is captured within seconds of the server's start.
    await expect(async () => {
      await page.goto("/admin/other/archive");
      await expect(page.getByText(/^Архив ведётся с \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Архив", level: 2 })).toBeVisible();
    await expectNoAxeViolations(page, "the archive section");

    await page.getByLabel("Страница").selectOption("/fees");
    await page.getByRole("button", { name: "Показать историю страницы" }).click();
    await expect(page).toHaveURL(/path=%2Ffees/);
    const versions = page.getByRole("table");
    await expect(versions.getByRole("row")).not.toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Версии страницы /fees" })).toBeVisible();
    await expectNoAxeViolations(page, "a page's versions in the archive");

    const href = await page.getByRole("link", { name: "Открыть страницу на эту дату" }).getAttribute("href");
    const answer = await request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // The archived bytes are what a visitor of /fees is served now (nothing was published since).
    const served = await (await request.get("/fees")).body();
    expect(createHash("sha256").update(served).digest("hex")).toBe(answer.headers()["x-archive-sha256"]);

    await page.goto(href!);
    await expect(page.getByRole("note")).toContainText("Архив: /fees в том виде, в каком сайт отдавал страницу");
  });

  test("downloads the whole site's export, which the command verifies without the site", async ({ page }) => {
    await page.goto("/admin/other/archive");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Скачать выгрузку" }).click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "archive-e2e-")), (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(path.basename(file)).toMatch(/^archive-site-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const out = execFileSync(process.execPath, ["scripts/verify-archive.js", file], { encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(out).toMatch(/verified: \d+ entries of the chain, \d+ page files, every byte as recorded/);
  });

  test("a moment before the archive began says when it began", async ({ request }) => {
    const answer = await request.get("/admin/archive/page?path=%2F&at=2001-01-01T00%3A00");
    expect(answer.status()).toBe(400);
    expect((await answer.json()).message).toMatch(/^На эту дату архива ещё нет: он ведётся с .+ UTC\.$/);
  });
});
