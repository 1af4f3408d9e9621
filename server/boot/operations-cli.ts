import fs from "node:fs";
import path from "node:path";
import { recordEvent } from "~/features/activity/activity.server";
import { backupFileName } from "~/features/backup/backup-store.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { openDatabase } from "~/platform/db.server";
import { DirectoryLockedError } from "~/platform/directory-lock.server";
import { parseEnv } from "~/platform/env.server";
import { uploadStoreFor } from "~/features/uploads/upload-store.server";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/**
 * `npm run backup [-- --out FILE]`: an archive of the site named by DATABASE_URL or DATA_DIR.
 * The embedded database is read only while no server holds it (its directory lock says so);
 * a running server makes its own backups (dashboard, BACKUP_EVERY).
 */
export async function runBackupCommand(args: string[]) {
  const env = parseEnv();
  const outIndex = args.indexOf("--out");
  const unknown = args.filter((arg, index) => index !== outIndex && index !== outIndex + 1);
  if (unknown.length || (outIndex >= 0 && !args[outIndex + 1])) throw new Error("Usage: npm run backup [-- --out FILE]");
  const outFile = path.resolve(outIndex >= 0 ? args[outIndex + 1]! : path.join(env.BACKUP_DIR, backupFileName()));
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "db"))) {
    throw new Error(`There is no site database in ${env.DATA_DIR} (set DATA_DIR or DATABASE_URL)`);
  }
  const started = Date.now();
  let handle;
  try {
    handle = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, skipMigrations: true } : { dataDir: env.DATA_DIR, skipMigrations: true },
    );
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    throw new Error(
      `${error.message}\nA running server backs up its embedded database itself: use the dashboard (Другое → Резервные копии) or BACKUP_EVERY, or stop the server and run this again.`,
    );
  }
  try {
    const backup = await createBackup({ db: handle.db, source: handle.kind, dataDir: env.DATA_DIR, outFile, store: uploadStoreFor(env) });
    await recordEvent(handle.db, {
      kind: "backup.create",
      area: "backups",
      target: path.basename(backup.file),
      details: { bytes: backup.bytes, via: "command" },
    });
    const { tables, lastMigration } = backup.manifest.database;
    console.log(
      `Backup written: ${backup.file}\n  ${megabytes(backup.bytes)}, ${tables.length} tables (${tables.reduce((sum, table) => sum + table.rows, 0)} rows), ` +
        `${backup.manifest.files.count} files, schema ${lastMigration}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        "  It holds password hashes and sessions: keep it as private as the database.",
    );
    return backup;
  } finally {
    await handle.close();
  }
}

/** `npm run restore -- FILE [--force]`: into an empty DATA_DIR or the empty database of DATABASE_URL. */
export async function runRestoreCommand(args: string[]) {
  const env = parseEnv();
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("--")) throw new Error("Usage: npm run restore -- FILE [--force]");
  const started = Date.now();
  const manifest = await restoreBackup({
    file: files[0]!,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    force,
    store: uploadStoreFor(env),
  });
  console.log(
    `Restored ${path.resolve(files[0]!)} (taken ${manifest.createdAt} from ${manifest.database.source}, schema ${manifest.database.lastMigration}) ` +
      `into ${env.DATABASE_URL ? "the PostgreSQL database of DATABASE_URL" : env.DATA_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      "Everyone signs in again unless this server uses the same AUTH_SECRET as the one the backup came from.",
  );
  return manifest;
}
