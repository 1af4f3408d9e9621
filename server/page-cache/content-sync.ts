import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import { clearContentCache, setContentBroadcast } from "~/features/content/read.server";
import { advanceContentVersion } from "~/features/records/version.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

const CHANNEL = "content_changed";

export interface ContentSyncOptions {
  /** Wait before the first attempt to listen again after the connection is lost; doubles to 30 s. */
  retryMs?: number;
  /**
   * This instance's database: another instance's write is read ahead through it before this
   * instance's version changes (version.server.ts). Without it the caches are only cleared.
   */
  db?: Database;
}

/**
 * With several instances on one PostgreSQL, a write in one must clear the caches of all:
 * writers NOTIFY, every instance LISTENs. A lost listening connection (a database restart, a
 * failover) is opened again, and the caches are cleared once it is back, since writes made
 * meanwhile were not heard. Returns a function that stops listening.
 */
export async function startContentSync(databaseUrl: string, options: ContentSyncOptions = {}): Promise<() => Promise<void>> {
  const instanceId = randomUUID();
  const firstRetryMs = options.retryMs ?? 1000;
  // The PostgreSQL driver is loaded only where there is a PostgreSQL database (bench/memory.md).
  const { Client: PgClient } = (await import("pg")).default;
  let client: Client | undefined;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen() {
    const next = new PgClient({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || message.payload === instanceId) return;
      // Another instance's write: read it ahead here too, so this instance's re-renders read nothing.
      if (options.db) void advanceContentVersion(options.db);
      else clearContentCache();
    });
    next.on("error", (error) => logger.error({ err: error }, "content sync connection failed"));
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = undefined;
      logger.error("content sync connection lost: listening again");
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  }

  function retry() {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      listen().then(
        () => {
          retryMs = firstRetryMs;
          // What other instances wrote while this one was not listening.
          clearContentCache();
          logger.info("content sync listening again");
        },
        (error: unknown) => {
          logger.error({ err: error, retryMs }, "content sync could not listen again");
          retryMs = Math.min(retryMs * 2, 30_000);
          retry();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  await listen();
  setContentBroadcast(async (db) => {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${instanceId})`);
  });
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    setContentBroadcast(undefined);
    await client?.end();
  };
}
