import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { defaultMigrationsFolder, openDatabase, pgliteStartParams } from "../../app/platform/db.server";
import { createPostgresDatabase } from "../support/postgres-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (see tests/support/test-database.ts). */
    pgliteTemplate: string;
    /** A migrated database on the test PostgreSQL server to copy, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrates one database of each kind before any test file runs; each test file then starts
 * from a copy (PGlite: the data directory's tarball; PostgreSQL: CREATE DATABASE … TEMPLATE)
 * instead of creating and migrating its own.
 */
export default async function setup(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-db-template-"));
  const pglite = new PGlite({ startParams: pgliteStartParams });
  await migratePglite(drizzlePglite(pglite), { migrationsFolder: defaultMigrationsFolder() });
  // Written to disk first, so that each copy starts without replaying the migrations' log.
  await pglite.query("CHECKPOINT");
  const tarball = path.join(directory, "pglite.tar");
  fs.writeFileSync(tarball, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await pglite.close();
  project.provide("pgliteTemplate", tarball);

  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgres = await createPostgresDatabase("site_template");
    const handle = await openDatabase({ databaseUrl: postgres.url });
    await handle.close();
  }
  project.provide("postgresTemplate", postgres ? new URL(postgres.url).pathname.slice(1) : undefined);

  return async () => {
    fs.rmSync(directory, { recursive: true, force: true });
    await postgres?.drop();
  };
}
