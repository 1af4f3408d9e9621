import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Pool } from "pg";
import * as schema from "~/db/schema";
import { acquireDirectoryLock } from "./directory-lock.server";
import { logger } from "./logger.server";
import { createPgliteDirectory } from "./pglite-cluster.server";
import { TurnTakingPGlite } from "./pglite-turns.server";

// Both drivers expose the same query builder; code is written against the node-postgres type.
export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection pool, for its figures (the embedded database has no pool). */
  pool?: Pick<Pool, "totalCount" | "idleCount" | "waitingCount">;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; when absent (and no URL) the database lives in memory. */
  dataDir?: string;
  migrationsFolder?: string;
  /** Leave the schema as it is (a restore applies the migrations itself, around the data it loads). */
  skipMigrations?: boolean;
}

/**
 * PostgreSQL writes every page of shared_buffers when it starts (128 MB by default). A site's
 * content is a few megabytes, so a small pool keeps the embedded database's memory small.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** Any fixed number: the advisory lock every server takes while it applies migrations. */
const MIGRATION_LOCK = 725_310_418;

/**
 * Several servers starting at once on one database would each apply the same migrations (drizzle
 * takes no lock), and all but one would stop on "relation already exists". Each takes a
 * session-level advisory lock on a connection of its own while it migrates, so they go one at a
 * time, and the later ones find nothing left to apply.
 */
async function migrateUnderLock(pool: Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

export const defaultMigrationsFolder = () => path.resolve(process.cwd(), "app/db/migrations");

/** Opens the database, applies committed migrations and returns a handle to close it. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.databaseUrl) {
    // The PostgreSQL driver is loaded only for a PostgreSQL database: on the embedded one it was
    // a few megabytes of a small server's memory for nothing (bench/memory.md).
    const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    // A database that accepts no connection fails the request in seconds, not minutes (a 503 during an outage).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
    const db = drizzlePostgres(pool, { schema });
    try {
      if (!options.skipMigrations) await migrateUnderLock(pool, () => migratePostgres(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }

  let releaseLock = () => {};
  let dataPath: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // PGlite takes no lock of its own: a second process on the same files would corrupt them.
    releaseLock = acquireDirectoryLock(path.join(options.dataDir, "db.lock"));
    dataPath = path.join(options.dataDir, "db");
  }
  try {
    if (dataPath && !fs.existsSync(dataPath)) await createPgliteDirectory(dataPath, pgliteStartParams);
    const client = new TurnTakingPGlite(dataPath, { startParams: pgliteStartParams });
    await client.waitReady;
    client.keepTextTypes();
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    if (!options.skipMigrations) await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

let current: DatabaseHandle | undefined;

/**
 * The rows of a raw statement, typed as the statement's caller knows them: both drivers answer
 * `db.execute` with `{ rows }`, which Drizzle's types do not say for a raw query.
 */
export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function getDb(): Database {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}

export function getDatabaseKind(): DatabaseHandle["kind"] {
  if (!current) throw new Error("The database is not open yet");
  return current.kind;
}

export async function pingDatabase(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
