import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "~/db/schema";
import { createAuth } from "~/features/auth/auth.server";
import { listBackups } from "~/features/backup/backup-store.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/platform/db.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { controlSocketPath } from "../../server/boot/control-client";
import { startControlSocket } from "../../server/boot/control-socket";
import { commandEntryArgs } from "../support/command-entry";
import { embeddedDataDirFromTemplate, signUpAndGetCookie } from "../support/test-database";

/** A command as the operator runs it: its own process, from source (compiled once for the run). */
function run(script: "run-admin-command" | "run-backup-command", args: string[], dataDir: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...commandEntryArgs(script), ...args], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: "https://site.example" },
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

// The embedded database is held by this process, as by a running server, with its control socket.
describe("npm run backup and npm run admin beside the server holding the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "control-socket-"));
  let handle: DatabaseHandle;
  let stopSocket: () => Promise<void>;
  beforeAll(async () => {
    // A copy of the run's migrated embedded database, as a server's first start leaves it.
    handle = await openDatabase({ dataDir: embeddedDataDirFromTemplate(dataDir) });
    setDatabase(handle);
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "3000", PUBLIC_URL: "https://site.example" });
    setEnv(env);
    await signUpAndGetCookie(
      createAuth({ db: handle.db, secret: "control-test-secret-".padEnd(40, "x"), port: 3000 }),
      "admin@example.com",
    );
    stopSocket = await startControlSocket(env);
  }, 120_000);
  afterAll(async () => {
    await stopSocket?.();
    setDatabase(undefined);
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens the socket to the server's user only", () => {
    expect(fs.statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it("runs the admin commands in the server (which alone may open the directory)", async () => {
    const listed = await run("run-admin-command", ["list"], dataDir);
    expect(listed.stderr).toBe("");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^admin@example\.com\tadmin\t/m);
    const link = await run("run-admin-command", ["reset-password", "admin@example.com"], dataDir);
    expect(link.status, link.stderr).toBe(0);
    expect(link.stdout).toMatch(/https:\/\/site\.example\/admin\?reset=\S+/);
    const unknown = await run("run-admin-command", ["grant", "nobody@example.com"], dataDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("nobody@example.com");
  }, 120_000);

  it("has the server write the archive where and as the dashboard's backups are, and log it", async () => {
    const written = await run("run-backup-command", [], dataDir);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toContain("written by the running server");
    const [stored] = await listBackups(path.join(dataDir, "backups"));
    expect(stored).toBeTruthy();
    expect(written.stdout).toContain(stored!.name);
    const [event] = await handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "backup.create"));
    expect(event).toMatchObject({ target: stored!.name, details: expect.objectContaining({ via: "command" }) });

    const out = path.join(dataDir, "elsewhere.tar.gz");
    const elsewhere = await run("run-backup-command", ["--out", out], dataDir);
    expect(elsewhere.status, elsewhere.stderr).toBe(0);
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  }, 120_000);

  it("without the socket (a server that cannot answer), refuses as before rather than open a held directory", async () => {
    await stopSocket();
    const refused = await run("run-admin-command", ["list"], dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("in use by a running server");
    const backup = await run("run-backup-command", [], dataDir);
    expect(backup.status).toBe(1);
    stopSocket = await startControlSocket(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "3000" }));
  }, 120_000);
});
