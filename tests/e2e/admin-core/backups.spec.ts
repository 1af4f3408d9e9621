import fs from "node:fs";
import zlib from "node:zlib";
import { expect, test } from "../support/fixtures";
import { adminStorageState, memberStorageState } from "../support/accounts";
import { expectToast } from "../support/dashboard";

test.describe("[ADMIN][BACKUPS] the 'Резервные копии' section", () => {
  test.use({ storageState: adminStorageState });

  test("creates a backup, lists it and downloads the archive", async ({ page }) => {
    await page.goto("/admin/other");
    await page.getByRole("navigation", { name: "Разделы вкладки «Другое»" }).getByRole("link", { name: "Резервные копии" }).click();
    await expect(page).toHaveURL(/\/admin\/other\/backups$/);
    await expect(page.getByRole("link", { name: "Резервные копии" })).toHaveAttribute("aria-current", "page");
    const list = page.getByRole("list", { name: "Сохранённые резервные копии" });
    const before = (await list.isVisible()) ? await list.getByRole("listitem").count() : 0;

    await page.getByRole("button", { name: "Создать резервную копию" }).click();
    await expectToast(page, "Готово", { description: "Резервная копия создана", failure: false });
    await expect(list.getByRole("listitem")).toHaveCount(before + 1);
    await expect(page.getByText(/хэшами паролей/)).toBeVisible();

    const download = page.waitForEvent("download");
    await list
      .getByRole("link", { name: /^Скачать site-backup-/ })
      .first()
      .click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toMatch(/^site-backup-\d{8}T\d{9}Z\.tar\.gz$/);
    // A gzip whose tar starts with the manifest.
    const tar = zlib.gunzipSync(fs.readFileSync(file));
    expect(tar.subarray(0, 13).toString()).toBe("manifest.json");
  });

  test.describe("as a member", () => {
    test.use({ storageState: memberStorageState });
    test("gets neither the section nor an archive", async ({ page, request }) => {
      const answer = await request.get("/admin/backups/download");
      expect(answer.status()).toBe(403);
      expect(await answer.text()).not.toContain("site-backup-");
      await page.goto("/admin/other/backups");
      await expect(page.getByRole("button", { name: "Создать резервную копию" })).toHaveCount(0);
    });
  });

  test.describe("signed out", () => {
    test.use({ storageState: { cookies: [], origins: [] } });
    test("gets no archive", async ({ request }) => {
      const answer = await request.get("/admin/backups/download");
      expect(answer.status()).toBe(401);
    });
  });
});
