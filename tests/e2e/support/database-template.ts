import fs from "node:fs";
import path from "node:path";

/**
 * A migrated embedded database made once per Playwright run (global-setup.ts), as a production
 * server makes it on its first start. A server the tests start on a new DATA_DIR gets a copy:
 * creating and migrating the database took each such start some 20 s of the two cores, where a
 * copy of its 40 MB takes a fraction of a second. What the first start itself does is tested
 * where it matters (app/platform/db.server.test.ts, and one end-to-end test that asks for it),
 * and global setup goes through it on every run.
 */
export const databaseTemplateDir = (port: number) => path.resolve(`test-results/e2e-database-template-${port}`);

/** Global setup names the template here, for the workers; other runs (tests/after-build) have none. */
const TEMPLATE_VARIABLE = "E2E_DATABASE_TEMPLATE";

export function announceDatabaseTemplate(dir: string) {
  process.env[TEMPLATE_VARIABLE] = dir;
}

/** Whether this run has a template (Playwright's); servers started elsewhere make their own database. */
export const hasDatabaseTemplate = () => Boolean(process.env[TEMPLATE_VARIABLE]);

/** Puts a copy of the migrated database in a new data directory (a server's DATA_DIR/db). */
export function copyDatabaseTemplate(dataDir: string) {
  const dir = process.env[TEMPLATE_VARIABLE];
  if (!dir) throw new Error("No database template: Playwright's global setup makes it");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(path.join(dir, "db"), path.join(dataDir, "db"), { recursive: true });
}
