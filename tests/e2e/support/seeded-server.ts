import { randomBytes } from "node:crypto";
import pg from "pg";
import { startIsolatedServer, type IsolatedServer } from "./isolated-server";

// The PostgreSQL server CI provides (TEST_DATABASE_URL) or the local one; trust auth.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface MenuRow {
  name: string;
  url: string;
  type: "header" | "footer";
  order: number;
  active?: boolean;
}

export interface SeededServer {
  url: string;
  server: IsolatedServer;
  /** Creates or replaces content values (page_name, section_name → value). */
  setContent(rows: { page: string; section: string; value: string; type?: string }[]): Promise<void>;
  /** Replaces every menu item with these. */
  setMenu(rows: MenuRow[]): Promise<void>;
  stop(): Promise<void>;
}

function databaseUrl(name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A production server on a fresh PostgreSQL database of its own, whose rows a spec writes
 * directly (no admin UI needed). Writes NOTIFY the server, as an admin save would, so its
 * content and page caches are dropped; specs still poll, as the notice arrives asynchronously.
 */
export async function startSeededServer(port: number): Promise<SeededServer> {
  const name = `site_e2e_public_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE "${name}"`));
  const connectionString = databaseUrl(name);
  let server: IsolatedServer;
  try {
    server = await startIsolatedServer({ port, env: { DATABASE_URL: connectionString } });
  } catch (error) {
    await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  }
  const run = (statements: (client: pg.Client) => Promise<void>) =>
    withClient(connectionString, async (client) => {
      await client.query("BEGIN");
      await statements(client);
      await client.query("COMMIT");
      await client.query("SELECT pg_notify('content_changed', 'e2e-seed')");
    });
  return {
    url: server.url,
    server,
    setContent: (rows) =>
      run(async (client) => {
        for (const row of rows) {
          await client.query(
            `INSERT INTO page_content (page_name, section_name, content_type, content_value)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (page_name, section_name) DO UPDATE SET content_value = EXCLUDED.content_value, updated_at = now()`,
            [row.page, row.section, row.type ?? "text", row.value],
          );
        }
      }),
    setMenu: (rows) =>
      run(async (client) => {
        await client.query("DELETE FROM menu_items");
        for (const [index, row] of rows.entries()) {
          await client.query(
            `INSERT INTO menu_items (display_name, url, menu_type, sort_order, section_name, is_active)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [row.name, row.url, row.type, row.order, `custom_e2e_${index}`, row.active ?? true],
          );
        }
      }),
    stop: async () => {
      await server.stop();
      await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
