import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { recordEvent, type ActivityEvent } from "~/features/activity/activity.server";
import { defaultMigrationsFolder, openDatabase, type Database } from "~/platform/db.server";
import { acquireDirectoryLock } from "~/platform/directory-lock.server";
import { unpackArchive } from "./archive.server";
import { FILE_FOLDERS } from "./create-backup.server";
import { archivedMigrationCount, loadDatabase, RestoreError } from "./load-database.server";
import type { Manifest } from "./manifest";
import { contentTypeByExtension } from "~/features/uploads/storage.server";
import type { StoreFile, UploadStore } from "~/features/uploads/upload-store.server";

import { requirePermission } from "~/features/access/require.server";
import type { Actor } from "~/platform/person";
export { RestoreError } from "./load-database.server";

export interface RestoreOptions {
  /** Who restores: a role that manages backups, or null for the server's own console (the operations command). */
  actor: Actor;
  file: string;
  dataDir: string;
  /** Restore into this PostgreSQL database; without it, into the embedded database in dataDir. */
  databaseUrl?: string;
  /** Replace a target that already holds a site. */
  force?: boolean;
  migrationsFolder?: string;
  /** The target's upload store: into its S3 bucket when it is one; DATA_DIR's folders otherwise. */
  store?: UploadStore;
}

const hasFiles = (directory: string) => fs.existsSync(directory) && fs.readdirSync(directory).length > 0;

/** Whether the bucket already holds uploads. */
async function bucketHoldsUploads(store: UploadStore) {
  for (const folder of FILE_FOLDERS) if ((await store.list(`${folder}/`)).length > 0) return true;
  return false;
}

/**
 * Puts the archive's files into the bucket; returns the function that removes them again (a
 * failed restore). Objects already there under a name are kept: upload names are never reused.
 */
async function putIntoBucket(store: UploadStore, archiveDirectory: string) {
  const present = new Set<string>();
  for (const folder of FILE_FOLDERS) for (const key of await store.list(`${folder}/`)) present.add(key);
  const files: StoreFile[] = [];
  // Info and copies before the originals, as an upload stores them.
  for (const folder of ["image-info", "uploads"] as const) {
    const directory = path.join(archiveDirectory, "files", folder);
    if (!fs.existsSync(directory)) continue;
    const names = (await fsp.readdir(directory)).sort((a, b) => Number(/-w\d+\.webp$/.test(b)) - Number(/-w\d+\.webp$/.test(a)));
    for (const name of names) {
      const key = `${folder}/${name}`;
      if (present.has(key)) continue;
      const type =
        folder === "image-info" ? "application/json" : (contentTypeByExtension[name.split(".").pop() ?? ""] ?? "application/octet-stream");
      files.push({ key, file: path.join(directory, name), contentType: type });
    }
  }
  await store.putFiles(files);
  return () => store.remove(files.map((file) => file.key));
}

async function postgresHoldsASite(db: Database) {
  const result = (await db.execute(
    sql`select count(*)::int as count from information_schema.tables where table_schema in ('public', 'drizzle')`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count > 0;
}

/**
 * Moves the restored folders into place, keeping the previous ones in the staging folder until
 * the restore has succeeded; the returned function puts the previous ones back.
 */
async function swapFolders(dataDir: string, staging: string, incoming: Record<string, string | undefined>) {
  const previous = path.join(staging, "previous");
  await fsp.mkdir(previous, { recursive: true });
  const undo: (() => Promise<void>)[] = [];
  const rollBack = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    for (const [folder, source] of Object.entries(incoming)) {
      const live = path.join(dataDir, folder);
      if (fs.existsSync(live)) {
        await fsp.rename(live, path.join(previous, folder));
        undo.push(() => fsp.rename(path.join(previous, folder), live));
      }
      if (source && fs.existsSync(source)) {
        await fsp.rename(source, live);
        undo.push(() => fsp.rename(live, source));
      }
    }
  } catch (error) {
    await rollBack();
    throw error;
  }
  return rollBack;
}

/**
 * Restores an archive into an empty DATA_DIR (embedded database) or an empty PostgreSQL database.
 * The archive is extracted and checked before anything is touched; the new database and files are
 * staged beside the target and switched in at the end (for PostgreSQL, in the one transaction
 * that loads the rows), so a failed restore leaves the target as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  requirePermission(options.actor, "backups.manage");
  const dataDir = path.resolve(options.dataDir);
  await fsp.mkdir(dataDir, { recursive: true });
  // The embedded database's server holds this lock: a restore never runs under a live server.
  const releaseLock = options.databaseUrl ? () => {} : acquireDirectoryLock(path.join(dataDir, "db.lock"));
  const staging = await fsp.mkdtemp(path.join(dataDir, ".restore-"));
  try {
    const archiveDirectory = path.join(staging, "archive");
    await fsp.mkdir(archiveDirectory);
    const manifest = await unpackArchive(path.resolve(options.file), archiveDirectory);
    const migrations = readMigrationFiles({ migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder() });
    archivedMigrationCount(manifest, migrations);
    const plan = await planRestore(options, dataDir, staging, archiveDirectory, manifest, migrations);
    if (options.databaseUrl) await restoreIntoPostgres(options.databaseUrl, plan);
    else await restoreIntoDataDir(plan);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    releaseLock();
  }
}

/** What a restore puts where, worked out before anything is touched. */
interface RestorePlan {
  force: boolean;
  dataDir: string;
  staging: string;
  archiveDirectory: string;
  manifest: Manifest;
  migrations: MigrationMeta[];
  bucket: UploadStore | undefined;
  /** The uploads already at the target: local folders, or "bucket". */
  filesPresent: string[];
  /** The folders swapped into DATA_DIR, by name. */
  incoming: Record<string, string>;
  filesTarget: string;
  event: ActivityEvent;
}

async function planRestore(
  options: RestoreOptions,
  dataDir: string,
  staging: string,
  archiveDirectory: string,
  manifest: Manifest,
  migrations: MigrationMeta[],
): Promise<RestorePlan> {
  const bucket = options.store?.kind === "s3" ? options.store : undefined;
  const filesPresent = bucket
    ? (await bucketHoldsUploads(bucket))
      ? ["bucket"]
      : []
    : FILE_FOLDERS.filter((folder) => hasFiles(path.join(dataDir, folder)));
  // Into the bucket, the local folders stay as they are; onto the disk, they are swapped in.
  const incoming: Record<string, string> = bucket
    ? {}
    : Object.fromEntries(FILE_FOLDERS.map((folder) => [folder, path.join(archiveDirectory, "files", folder)]));
  const filesTarget = bucket ? `the S3 bucket ${bucket.describe()}` : "DATA_DIR's uploads";
  const event = {
    kind: "backup.restore",
    area: "backups",
    target: path.basename(options.file),
    details: { createdAt: manifest.createdAt, source: manifest.database.source, schema: manifest.database.lastMigration },
  };
  return {
    force: Boolean(options.force),
    dataDir,
    staging,
    archiveDirectory,
    manifest,
    migrations,
    bucket,
    filesPresent,
    incoming,
    filesTarget,
    event,
  };
}

/** Into PostgreSQL: the rows are loaded and the files switched in within the one transaction. */
async function restoreIntoPostgres(databaseUrl: string, plan: RestorePlan) {
  const { bucket, archiveDirectory } = plan;
  const handle = await openDatabase({ databaseUrl, skipMigrations: true });
  try {
    const occupied = (await postgresHoldsASite(handle.db)) || plan.filesPresent.length > 0;
    if (occupied && !plan.force) throw notEmpty(`The PostgreSQL database or ${plan.filesTarget}`);
    let rollBack: (() => Promise<void>) | undefined;
    let removeObjects: (() => Promise<void>) | undefined;
    try {
      await handle.db.transaction(async (tx) => {
        if (plan.force) {
          await tx.execute(sql`drop schema if exists drizzle cascade`);
          await tx.execute(sql`drop schema if exists public cascade`);
          await tx.execute(sql`create schema public`);
        }
        await loadArchive(tx, archiveDirectory, plan.manifest, plan.migrations, plan.event);
        // The files are in place before the rows that name them are committed.
        if (bucket) removeObjects = await putIntoBucket(bucket, archiveDirectory);
        rollBack = await swapFolders(plan.dataDir, plan.staging, plan.incoming);
      });
    } catch (error) {
      await rollBack?.();
      await removeObjects?.();
      throw error;
    }
  } finally {
    await handle.close();
  }
}

/** Into DATA_DIR: the embedded database is built beside it, then swapped in with the files. */
async function restoreIntoDataDir(plan: RestorePlan) {
  const { bucket, archiveDirectory } = plan;
  if ((fs.existsSync(path.join(plan.dataDir, "db")) || plan.filesPresent.length > 0) && !plan.force) {
    throw notEmpty(bucket ? `DATA_DIR or ${plan.filesTarget}` : "DATA_DIR");
  }
  const databaseStaging = path.join(plan.staging, "database");
  const handle = await openDatabase({ dataDir: databaseStaging, skipMigrations: true });
  try {
    await handle.db.transaction(async (tx) => {
      await loadArchive(tx, archiveDirectory, plan.manifest, plan.migrations, plan.event);
    });
  } finally {
    await handle.close();
  }
  const removeObjects = bucket ? await putIntoBucket(bucket, archiveDirectory) : undefined;
  try {
    await swapFolders(plan.dataDir, plan.staging, { db: path.join(databaseStaging, "db"), ...plan.incoming });
  } catch (error) {
    await removeObjects?.();
    throw error;
  }
}

/**
 * What the site serves is now the backup's: the archive (docs/archive.md) captures it as a
 * publish of its own, chained after the backup's last entry. A backup from before the archive
 * gets the archive's starting point from its migration, which captures the restored pages instead.
 */
async function noteRestoreForArchive(tx: Database, event: ActivityEvent) {
  const found = (await tx.execute(sql`select to_regclass('public.archive_outbox') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!found.rows[0]?.present) return;
  // A starting point not yet captured (a backup from before the archive) captures the restored pages itself.
  await tx.execute(
    sql`insert into archive_outbox (kind, user_email) select 'backup.restore', ${event.actor?.email ?? null}
        where not exists (select 1 from archive_outbox where kind = 'start' and done_at is null)`,
  );
}

/**
 * The media library's usage index is made again from the restored records, and its catalogue of
 * files from the restored uploads, on their next read.
 */
async function noteRestoreForMedia(tx: Database) {
  const found = (await tx.execute(sql`select to_regclass('public.media_index_state') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!found.rows[0]?.present) return;
  await tx.execute(
    sql`insert into media_index_state (id, stale, files_stale) values (1, true, true)
        on conflict (id) do update set stale = true, files_stale = true`,
  );
}

/**
 * Loads the rows and records the restore. A database error is reported by its own message only:
 * the driver's message would carry the rows it was given, password hashes included.
 */
async function loadArchive(tx: Database, directory: string, manifest: Manifest, migrations: MigrationMeta[], event: ActivityEvent) {
  try {
    await loadDatabase(tx, directory, manifest, migrations);
    await recordEvent(tx, event);
    await noteRestoreForArchive(tx, event);
    await noteRestoreForMedia(tx);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message.split("\n")[0]!.replace(/^Failed query:.*/, "a query failed") : String(cause);
    throw new RestoreError(`Loading the archive's database failed: ${message}`);
  }
}

const notEmpty = (what: string) =>
  new RestoreError(`${what} already holds a site. Restore into an empty one, or add --force to replace it (its content is lost).`);
