import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * `npm run admin` is the account-recovery command: it must run on a production install, where
 * tsx, vite and the other development dependencies are not installed. The guard module makes
 * loading any of them an error, as their absence would.
 */
const guard = ["--import", "./tests/support/production-dependencies-only.mjs"];
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [...guard, ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

test.describe("[ADMIN][TEAM] npm run admin on a production install", () => {
  test("runs from the build with production dependencies only", () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-command-production-"));
    try {
      const listed = run(["scripts/admin.js", "list"], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      });
      // (A build older than the sources is rebuilt first, its progress on stderr.)
      expect(listed.stderr).not.toContain("development dependency");
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("No accounts yet.");

      const usage = run(["scripts/admin.js"], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain("Usage: npm run admin -- list | grant <email> | reset-password <email> | disable-2fa <email>");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the guard refuses a development dependency, as a production install would", () => {
    const refused = run(["node_modules/tsx/dist/cli.mjs", "--version"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("development dependency tsx loaded by the entry point");
  });
});
