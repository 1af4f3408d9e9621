import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import * as tar from "tar";
import { afterAll, beforeAll, inject } from "vitest";
import * as schema from "~/db/schema";
import { createAuth, setAuth, type Auth } from "~/features/auth/auth.server";
import { clearContentCache } from "~/features/content/read.server";
import { openDatabase, pgliteStartParams, setDatabase, type Database, type DatabaseHandle } from "~/platform/db.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { createPostgresDatabase } from "./postgres-database";

export { createPostgresDatabase };

export type TestDatabaseKind = "pglite" | "postgres";

/**
 * Both databases: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. For a file whose
 * behaviour can differ between them (docs/testing.md, "Which tests run on PostgreSQL"): several
 * connections, processes or instances at once, locks, LISTEN/NOTIFY, sequences, backups and
 * restores, code that branches on the database's kind, time arithmetic in SQL.
 * `describe.each(onBothDatabases)("… on %s", (kind) => …)`.
 */
export const onBothDatabases: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * PGlite only, for a file whose behaviour cannot differ between the databases: one connection
 * at a time running the same statements (Drizzle writes the same SQL for both; both are
 * PostgreSQL), such as validation, permissions and what a stored value looks like on a page.
 * `describe.each(onEmbeddedDatabase)("… on %s", (kind) => …)`.
 */
export const onEmbeddedDatabase: TestDatabaseKind[] = ["pglite"];

/** The older name of onBothDatabases: a file that names no choice runs on both. */
export const testDatabaseKinds = onBothDatabases;

let copyParts:
  { template: string; parts: Promise<{ loadDataDir: Blob; pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> } | undefined;

/**
 * What every in-memory copy of the template starts from, read and compiled once per worker
 * process (its files share it): the template's bytes, PGlite's WebAssembly module and its file
 * bundle. Each copy still gets its own memory and file system; without these, each one read
 * 49 MB of files and compiled 9 MB of WebAssembly again (a tenth to a fifth of its start).
 */
function pgliteCopyParts(template: string) {
  if (copyParts?.template !== template) {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const parts = (async () => ({
      loadDataDir: new Blob([fs.readFileSync(template)]),
      pgliteWasmModule: await WebAssembly.compile(fs.readFileSync(path.join(dist, "pglite.wasm"))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, "pglite.data"))]),
    }))();
    copyParts = { template, parts };
  }
  return copyParts.parts;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the test PostgreSQL server.
 * Both are copies of the template migrated once for the run (tests/setup/database-template.ts);
 * without one (a config that sets up no template), the database is created and migrated here.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const template = inject("pgliteTemplate");
    if (!template) return openDatabase();
    const client = new PGlite({ ...(await pgliteCopyParts(template)), startParams: pgliteStartParams });
    await client.waitReady;
    return { db: drizzlePglite(client, { schema }) as unknown as Database, kind: "pglite", close: () => client.close() };
  }
  const template = inject("postgresTemplate");
  const database = await createPostgresDatabase("site_test", template);
  // On a copy of the template the migrations find nothing left to apply.
  const handle = await openDatabase({ databaseUrl: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A DATA_DIR holding a copy of the run's migrated embedded database, in DATA_DIR/db where a
 * server's first start leaves it: creating and migrating one there runs PostgreSQL's initdb in a
 * child process and every migration (some 10 s of the two cores quiet, 30 s loaded), which is the
 * first start's own test (app/platform/db.server.test.ts). Without a template (a config that sets
 * up none) the directory is left empty, and opening it makes the database as a first start does.
 */
export function embeddedDataDirFromTemplate(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const template = inject("pgliteTemplate");
  if (!template) return dataDir;
  const target = path.join(dataDir, "db");
  fs.mkdirSync(target);
  tar.extract({ file: template, cwd: target, sync: true });
  return dataDir;
}

/**
 * A new database on the test PostgreSQL server, a copy of the run's migrated template when there
 * is one (CREATE DATABASE … TEMPLATE): opening it finds no migration left to apply.
 */
export function createMigratedPostgresDatabase(prefix = "site_test") {
  return createPostgresDatabase(prefix, inject("postgresTemplate"));
}

export interface TestApp {
  handle: DatabaseHandle;
  auth: Auth;
  env: Env;
}

/**
 * Opens a fresh database for this test file and installs it (with auth and env) as the one
 * route loaders and actions use. Call at the top of a describe block.
 */
export function useTestApp(kind: TestDatabaseKind = "pglite", envOverrides: Record<string, string> = {}) {
  const app = {} as TestApp;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
    app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "3000", ...envOverrides });
    setEnv(app.env);
    app.handle = await createTestDatabase(kind);
    setDatabase(app.handle);
    app.auth = createAuth({ db: app.handle.db, secret: "integration-test-secret-".padEnd(40, "x"), port: 3000 });
    setAuth(app.auth);
    clearContentCache();
    await resetRateLimits();
  });
  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await app.handle?.close();
    fs.rmSync(app.env.DATA_DIR, { recursive: true, force: true });
  });
  return app;
}

export const ORIGIN = "http://localhost:3000";

/** A request as a browser on this site would send it, optionally with a session cookie. */
export function siteRequest(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET") headers.set("origin", headers.get("origin") ?? ORIGIN);
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set("x-client-ip", headers.get("x-client-ip") ?? "127.0.0.1");
  return new Request(`${ORIGIN}${pathname}`, { ...init, headers });
}

/** Signs up through better-auth and returns the session cookie to send with later requests. */
export async function signUpAndGetCookie(auth: Auth, email: string, password = "password-123") {
  const { headers } = await auth.api.signUpEmail({
    body: { email, password, name: email.split("@")[0]! },
    returnHeaders: true,
  });
  return cookieHeader(headers);
}

/**
 * Signs up an administrator (the first account) and a member without the admin role before the
 * file's tests; their session cookies are on the returned object once the tests run.
 */
export function useAdminAndMember(app: TestApp) {
  const signedIn = { admin: "", member: "" };
  beforeAll(async () => {
    signedIn.admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    signedIn.member = await signUpAndGetCookie(app.auth, "member@example.com");
  });
  return signedIn;
}

/** The stored row of one content key (page and section), or undefined when none is stored. */
export async function contentRow(app: TestApp, page: string, section: string) {
  const rows = await app.handle.db
    .select()
    .from(schema.pageContent)
    .where(and(eq(schema.pageContent.pageName, page), eq(schema.pageContent.sectionName, section)));
  return rows[0];
}

/** The Cookie header a browser would send back after an answer's Set-Cookie headers. */
export function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
