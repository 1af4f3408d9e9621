import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, adminUsers, twoFactor, user } from "~/db/schema";
import { createAuth } from "~/features/auth/auth.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";
import { commandEntryArgs } from "../support/command-entry";
import { createMigratedPostgresDatabase, embeddedDataDirFromTemplate, signUpAndGetCookie } from "../support/test-database";

/**
 * `npm run admin -- …` run as its own process, as whoever runs the server would: against a fresh
 * PostgreSQL database (DATABASE_URL) and against an embedded database in a DATA_DIR. These tests
 * run before the build, so the command's code runs from source here (compiled once for the run,
 * tests/setup/command-entries.ts); the end-to-end tests run
 * `scripts/admin.js` itself from the build without development dependencies
 * (tests/e2e/admin-team/admin-command.spec.ts).
 */
function run(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...commandEntryArgs("run-admin-command"), ...args], {
      env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", PUBLIC_URL: "https://site.example", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Two accounts (the first an administrator, with two-factor on) in a database the command then opens. */
async function seed(handle: DatabaseHandle) {
  const auth = createAuth({ db: handle.db, secret: "command-test-secret-".padEnd(40, "x"), port: 3000 });
  await signUpAndGetCookie(auth, "admin@example.com");
  await signUpAndGetCookie(auth, "member@example.com");
  const [admin] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
  await handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, admin!.id));
  await handle.db
    .insert(twoFactor)
    .values({ id: "tf-1", userId: admin!.id, secret: "encrypted", backupCodes: "encrypted", verified: true });
}

/** The same walk through every command, on whichever database `env` names. */
async function walkCommands(env: Record<string, string>, open: () => Promise<DatabaseHandle>) {
  const listed = await run(["list"], env);
  expect(listed.stderr).toBe("");
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^admin@example\.com\tadmin\t2fa\t/m);
  expect(listed.stdout).toMatch(/^member@example\.com\t-\tno-2fa\t/m);

  const unknown = await run(["grant", "nobody@example.com"], env);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain("No account with the address nobody@example.com.");

  const granted = await run(["grant", "Member@Example.com"], env);
  expect(granted.status).toBe(0);
  expect(granted.stdout).toContain("member@example.com is now an administrator.");

  const reset = await run(["reset-password", "member@example.com"], env);
  expect(reset.status).toBe(0);
  expect(reset.stdout).toMatch(/https:\/\/site\.example\/admin\?reset=[A-Za-z0-9]+/);
  expect((await run(["reset-password", "nobody@example.com"], env)).status).toBe(1);

  const disabled = await run(["disable-2fa", "admin@example.com"], env);
  expect(disabled.status).toBe(0);
  expect(disabled.stdout).toContain("Two-factor sign-in is off for admin@example.com");
  expect((await run(["disable-2fa", "nobody@example.com"], env)).stderr).toContain("No account with the address nobody@example.com.");

  const handle = await open();
  try {
    expect(await handle.db.select().from(adminUsers)).toHaveLength(2);
    expect(await handle.db.select().from(twoFactor)).toHaveLength(0);
    expect((await handle.db.select().from(user).where(eq(user.email, "admin@example.com")))[0]!.twoFactorEnabled).toBe(false);
    const kinds = (await handle.db.select().from(activityEvents))
      .filter((event) => event.userEmail === "командная строка")
      .map((event) => event.kind);
    expect(kinds.sort()).toEqual(["auth.reset_link", "auth.two_factor_disable", "team.grant"]);
  } finally {
    await handle.close();
  }
}

describe("npm run admin", () => {
  it("runs scripts/admin.js with node, from the production build, not through tsx", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.admin).toBe("node scripts/admin.js");
    expect(pkg.dependencies).not.toHaveProperty("tsx");
    const script = fs.readFileSync("scripts/admin.js", "utf8");
    expect(script).not.toMatch(/tsx/);
    expect(script).toMatch(/import\(builtServer\)/);
    expect(script).toMatch(/runAdminCommand/);
    expect(fs.readFileSync("server/boot/app.ts", "utf8")).toMatch(/export \{ runAdminCommand \} from "\.\/admin-cli"/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the admin command on DATABASE_URL (PostgreSQL)", () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    // A copy of the run's migrated database (the command's own start still checks the migrations).
    ({ url: databaseUrl, drop } = await createMigratedPostgresDatabase("site_command"));
    const handle = await openDatabase({ databaseUrl });
    await seed(handle);
    await handle.close();
  });
  afterAll(() => drop?.());

  it("lists, grants, prints a reset link and turns two-factor off, with a clear error for an unknown address", async () => {
    // The DATA_DIR is left untouched: the command works on the PostgreSQL database alone.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-command-pg-"));
    try {
      await walkCommands({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, () => openDatabase({ databaseUrl }));
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("the admin command on the embedded database (DATA_DIR)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-command-embedded-"));
  beforeAll(async () => {
    // A copy of the run's migrated embedded database, as a server's first start leaves it.
    const handle = await openDatabase({ dataDir: embeddedDataDirFromTemplate(dataDir) });
    await seed(handle);
    await handle.close();
  }, 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("lists, grants, prints a reset link and turns two-factor off, with a clear error for an unknown address", async () => {
    await walkCommands({ DATA_DIR: dataDir }, () => openDatabase({ dataDir }));
  }, 240_000);

  it("refuses, non-zero, while another process holds the database", async () => {
    const holder = await openDatabase({ dataDir });
    try {
      for (const args of [["list"], ["grant", "member@example.com"], ["disable-2fa", "admin@example.com"]]) {
        const refused = await run(args, { DATA_DIR: dataDir });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain("The embedded database is in use by a running server: stop it first");
        expect(refused.stdout).toBe("");
      }
    } finally {
      await holder.close();
    }
    // Released: the command works again.
    expect((await run(["list"], { DATA_DIR: dataDir })).status).toBe(0);
  }, 240_000);
});
