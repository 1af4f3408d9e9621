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
import type { Manifest } from "~/features/backup/manifest";
import { askRunningServer } from "./control-client";
import type { BackupAnswer } from "./control-socket";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/**
 * `npm run backup [-- --out FILE]`: an archive of the site named by DATABASE_URL or DATA_DIR.
 * A server running on the embedded database is asked to write it (over its control socket,
 * control-client.ts): the same archive as the dashboard's, in BACKUP_DIR unless --out says
 * otherwise, while the site keeps serving. With no server, the directory is read directly.
 */
export async function runBackupCommand(args: string[]) {
  const env = parseEnv();
  const outIndex = args.indexOf("--out");
  const unknown = args.filter((arg, index) => index !== outIndex && index !== outIndex + 1);
  if (unknown.length || (outIndex >= 0 && !args[outIndex + 1])) throw new Error("Usage: npm run backup [-- --out FILE]");
  const out = outIndex >= 0 ? path.resolve(args[outIndex + 1]!) : undefined;
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "db"))) {
    throw new Error(`There is no site database in ${env.DATA_DIR} (set DATA_DIR or DATABASE_URL)`);
  }
  const started = Date.now();
  if (!env.DATABASE_URL) {
    const answer = (await askRunningServer(env.DATA_DIR, { command: "backup", args: out ? [out] : [] })) as BackupAnswer | null;
    if (answer) {
      if (!answer.ok || !answer.file || !answer.manifest)
        throw new Error(`The running server could not write the backup: ${answer.error ?? "no answer"}`);
      const backup = { file: answer.file, bytes: answer.bytes ?? 0, manifest: answer.manifest };
      printBackup(backup, started, " (written by the running server)");
      return backup;
    }
  }
  const outFile = out ?? path.resolve(path.join(env.BACKUP_DIR, backupFileName()));
  let handle;
  try {
    handle = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, skipMigrations: true } : { dataDir: env.DATA_DIR, skipMigrations: true },
    );
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    throw new Error(
      `${error.message}\nThe server holding it did not answer on its control socket: use the dashboard (Другое → Резервные копии) or BACKUP_EVERY, or stop the server and run this again.`,
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
    printBackup(backup, started, "");
    return backup;
  } finally {
    await handle.close();
  }
}

function printBackup(backup: { file: string; bytes: number; manifest: Manifest }, started: number, note: string) {
  const { tables, lastMigration } = backup.manifest.database;
  console.log(
    `Backup written${note}: ${backup.file}\n  ${megabytes(backup.bytes)}, ${tables.length} tables (${tables.reduce((sum, table) => sum + table.rows, 0)} rows), ` +
      `${backup.manifest.files.count} files, schema ${lastMigration}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      "  It holds password hashes and sessions: keep it as private as the database.",
  );
}

/** `npm run restore -- FILE [--force]`: into an empty DATA_DIR or the empty database of DATABASE_URL. */
export async function runRestoreCommand(args: string[]) {
  const env = parseEnv();
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("--")) throw new Error("Usage: npm run restore -- FILE [--force]");
  const started = Date.now();
  const manifest = await restoreBackup({
    actor: null,
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
