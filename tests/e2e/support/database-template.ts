import fs from "node:fs";
import path from "node:path";

/**
 * A migrated embedded database made once per run (global-setup.ts), as a production server makes
 * it on its first start. A server the tests start on a new DATA_DIR gets a copy: creating and
 * migrating the database took each such start some 20 s of the two cores, where a copy of its
 * 40 MB takes a fraction of a second. What the first start itself does is tested where it
 * matters (app/platform/db.server.test.ts), and global setup goes through it on every run.
 */
export const databaseTemplateDir = (port = Number(process.env.E2E_PORT ?? 4173)) =>
  path.resolve(`test-results/e2e-database-template-${port}`);

/** Puts a copy of the migrated database in a new data directory (a server's DATA_DIR/db). */
export function copyDatabaseTemplate(dataDir: string) {
  const template = path.join(databaseTemplateDir(), "db");
  if (!fs.existsSync(template)) throw new Error(`No database template in ${template}: Playwright's global setup makes it`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
}
