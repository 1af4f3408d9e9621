import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import { clearContentCache, setContentBroadcast } from "~/features/content/read.server";
import { advanceForOtherInstance, type ChangeNames } from "~/features/records/version.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

const CHANNEL = "content_changed";
// NOTIFY carries at most 8000 bytes: a change naming more records than fit names only its tables.
const MAX_PAYLOAD = 7000;

/** The notification of a change: the sending instance, and what the change names when it fits. */
export function changePayload(from: string, change: ChangeNames): string {
  const full = JSON.stringify({ from, tables: change.tables, records: change.records });
  return full.length <= MAX_PAYLOAD ? full : JSON.stringify({ from, tables: change.tables });
}

/** Reads a notification; one that is not ours in JSON (an older instance's bare id) names nothing. */
export function readPayload(payload: string): { from: string } & ChangeNames {
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (parsed && typeof parsed === "object" && typeof (parsed as { from?: unknown }).from === "string") {
      const { from, tables, records } = parsed as { from: string; tables?: unknown; records?: unknown };
      const texts = (value: unknown) =>
        Array.isArray(value) && value.every((entry) => typeof entry === "string") ? (value as string[]) : undefined;
      return { from, tables: texts(tables), records: texts(records) };
    }
  } catch {
    // Not JSON: a bare instance id.
  }
  return { from: payload };
}

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
      if (message.channel !== CHANNEL) return;
      const change = readPayload(message.payload ?? "");
      if (change.from === instanceId) return;
      // Another instance's write: read it ahead here too (the readers of tables it did not write keep theirs).
      if (options.db) void advanceForOtherInstance(options.db, change);
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
  setContentBroadcast(async (db, change) => {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${changePayload(instanceId, change)})`);
  });
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    setContentBroadcast(undefined);
    await client?.end();
  };
}
