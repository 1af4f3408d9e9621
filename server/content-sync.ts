import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { clearContentCache, setContentBroadcast } from "~/lib/content.server";
import { logger } from "~/lib/logger.server";

const CHANNEL = "content_changed";

/**
 * With several instances on one PostgreSQL, a write in one must clear the caches of all:
 * writers NOTIFY, every instance LISTENs. Returns a function that stops listening.
 */
export async function startContentSync(databaseUrl: string): Promise<() => Promise<void>> {
  const instanceId = randomUUID();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload !== instanceId) clearContentCache();
  });
  client.on("error", (error) => logger.error({ err: error }, "content sync connection failed"));
  await client.query(`LISTEN ${CHANNEL}`);
  setContentBroadcast(async (db) => {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${instanceId})`);
  });
  return async () => {
    setContentBroadcast(undefined);
    await client.end();
  };
}
