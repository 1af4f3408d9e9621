import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { acquireDirectoryLock } from "./directory-lock.server";
import { logger } from "./logger.server";

// Both drivers expose the same query builder; code is written against the node-postgres type.
export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; when absent (and no URL) the database lives in memory. */
  dataDir?: string;
  migrationsFolder?: string;
}

const defaultMigrationsFolder = () => path.resolve(process.cwd(), "app/db/migrations");

/** Opens the database, applies committed migrations and returns a handle to close it. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
    const db = drizzlePostgres(pool, { schema });
    try {
      await migratePostgres(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", close: () => pool.end() };
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
    const client = new PGlite(dataPath);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
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

export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function getDb(): Database {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}

export async function pingDatabase(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
