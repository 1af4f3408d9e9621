import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new database on the test PostgreSQL server (TEST_DATABASE_URL), empty or a copy of a
 * template database: its URL, and a function that drops it (closing whatever connections are left).
 */
export async function createPostgresDatabase(prefix = "site_test", template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // TEST_DATABASE_PREFIX keeps the databases of one checkout apart from another's on a shared server.
  const owner = process.env.TEST_DATABASE_PREFIX ? `${process.env.TEST_DATABASE_PREFIX}_` : "";
  const name = `${owner}${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
