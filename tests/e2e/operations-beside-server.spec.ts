import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { signUp } from "./support/accounts";
import { expect, test, workerPort } from "./support/fixtures";
import { startIsolatedServer } from "./support/isolated-server";

// Its own server on the embedded database: the commands run beside it while it serves.
const PORT = workerPort(11);
const OWNER = { email: "owner@example.com", password: "owner-password-1" };

/** `npm run backup` / `npm run admin` from the build, as an operator's cron job runs them. */
function command(script: string, args: string[], dataDir: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "./tests/support/production-dependencies-only.mjs", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: "warn", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

test.describe("[OPERATIONS] npm run backup and npm run admin beside the running site", () => {
  test("the running server writes the archive and runs the admin command, and keeps serving", async ({ playwright }) => {
    test.setTimeout(180_000);
    const server = await startIsolatedServer({ port: PORT });
    try {
      const request = await playwright.request.newContext();
      await signUp(request, server.url, OWNER);
      await request.dispose();

      // Visitors keep being answered while the backup is written.
      let visiting = true;
      const visits: number[] = [];
      const visitor = (async () => {
        while (visiting) visits.push((await fetch(`${server.url}/contact`)).status);
      })();
      const backup = await command("scripts/operations.js", ["backup"], server.dataDir);
      visiting = false;
      await visitor;
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("Backup written (written by the running server)");
      expect(new Set(visits)).toEqual(new Set([200]));
      // In BACKUP_DIR with the dashboard's name, where the dashboard lists it.
      const name = /site-backup-\w+\.tar\.gz/.exec(backup.stdout)?.[0];
      expect(name).toBeTruthy();
      expect(fs.existsSync(path.join(server.dataDir, "backups", name!))).toBe(true);

      const link = await command("scripts/admin.js", ["reset-password", OWNER.email], server.dataDir);
      expect(link.status, link.stderr).toBe(0);
      expect(link.stdout).toMatch(/http:\/\/localhost:\d+\/admin\?reset=\S+/);
      const listed = await command("scripts/admin.js", ["list"], server.dataDir);
      expect(listed.stdout).toMatch(/^owner@example\.com\tadmin\t/m);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      // Stopped: the command reads the directory itself, as before.
      await server.stop({ keepData: true });
      const offline = await command("scripts/operations.js", ["backup"], server.dataDir);
      expect(offline.status, offline.stderr).toBe(0);
      expect(offline.stdout).toMatch(/^Backup written: /);
    } finally {
      await server.stop();
    }
  });
});
