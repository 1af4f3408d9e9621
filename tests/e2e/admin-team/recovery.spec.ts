import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, workerPort } from "../support/fixtures";
import { expectToast } from "../support/dashboard";
import { signUp } from "../support/accounts";
import { startIsolatedServer } from "../support/isolated-server";

// Its own server, stopped while the command opens the embedded database itself.
const PORT = workerPort(1);
const OWNER = { email: "owner@example.com", password: "forgotten-password-1" };

const adminCommand = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ["--import", "./tests/support/production-dependencies-only.mjs", "scripts/admin.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });

test.describe("[ADMIN][TEAM] recovery from the command line", () => {
  test("the reset link printed by 'npm run admin -- reset-password' sets a new password once", async ({ browser, playwright }) => {
    test.setTimeout(120_000);
    let server = await startIsolatedServer({ port: PORT });
    const dataDir = server.dataDir;
    try {
      const request = await playwright.request.newContext();
      await signUp(request, server.url, OWNER);
      await request.dispose();
      // Beside the running server, the server runs the command (operations-beside-server.spec.ts);
      // stopped, the command opens the directory itself.
      await server.stop({ keepData: true });

      const printed = adminCommand(["reset-password", OWNER.email], dataDir);
      expect(printed.status, printed.stderr).toBe(0);
      const link = printed.stdout.match(/http:\/\/localhost:\d+\/admin\?reset=\S+/)?.[0];
      expect(link).toBeTruthy();
      expect(adminCommand(["reset-password", "nobody@example.com"], dataDir)).toMatchObject({
        status: 1,
        stderr: expect.stringContaining("No account with the address nobody@example.com"),
      });

      server = await startIsolatedServer({ port: PORT, dataDir });
      const page = await browser.newPage({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
      await page.goto(link!);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.getByLabel("Новый пароль").fill("remembered-password-2");
      await page.getByRole("button", { name: "Сохранить пароль" }).click();
      await expectToast(page, "Пароль изменён", { description: "Войдите с новым паролем", failure: false });
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Пароль").fill("remembered-password-2");
      await page.getByRole("button", { name: "Войти" }).click();
      await expect(page.getByRole("heading", { name: "Панель управления" })).toBeVisible();

      // The same link again: refused.
      const again = await browser.newPage({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
      await again.goto(link!);
      await again.waitForFunction(() => "__reactRouterRouteModules" in window);
      await again.getByLabel("Новый пароль").fill("third-password-3");
      await again.getByRole("button", { name: "Сохранить пароль" }).click();
      await expectToast(again, "Не удалось сменить пароль", {
        description: "Ссылка для сброса пароля недействительна, уже использована или устарела. Запросите новую.",
        failure: true,
      });
      await page.close();
      await again.close();
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
