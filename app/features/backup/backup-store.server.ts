import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { recordEvent } from "~/features/activity/activity.server";
import { requirePermission } from "~/features/access/require.server";
import { getDatabaseKind, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { startJobs, type Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { createBackup, type CreatedBackup } from "./create-backup.server";
import { BACKUP_NAME_PATTERN } from "~/features/backup/schema";
import type { Actor } from "~/platform/person";

/** Names the site gives its archives; the download route serves nothing else. */
export const BACKUP_NAME = BACKUP_NAME_PATTERN;

export interface StoredBackup {
  name: string;
  bytes: number;
  createdAt: string;
}

export const backupFileName = (now = new Date()) => `site-backup-${now.toISOString().replace(/[-:.]/g, "")}.tar.gz`;

/** The archives in BACKUP_DIR, newest first. */
export async function listBackups(directory = getEnv().BACKUP_DIR): Promise<StoredBackup[]> {
  if (!fs.existsSync(directory)) return [];
  const backups: StoredBackup[] = [];
  for (const name of await fsp.readdir(directory)) {
    if (!BACKUP_NAME.test(name)) continue;
    const stat = await fsp.stat(path.join(directory, name)).catch(() => null);
    if (stat?.isFile()) backups.push({ name, bytes: stat.size, createdAt: stat.mtime.toISOString() });
  }
  return backups.sort((a, b) => b.name.localeCompare(a.name));
}

/** The archives, for someone whose role manages backups (403 otherwise). */
export function listBackupsFor(actor: Actor, directory = getEnv().BACKUP_DIR) {
  requirePermission(actor, "backups.manage");
  return listBackups(directory);
}

/**
 * The path of a stored archive by its name (to download it: it holds password hashes and
 * sessions, so only for a role that manages backups, 403 otherwise), or null when the name is not
 * one the site gives.
 */
export function storedBackupPath(actor: Actor, name: string, directory = getEnv().BACKUP_DIR) {
  requirePermission(actor, "backups.manage");
  if (!BACKUP_NAME.test(name)) return null;
  const file = path.join(directory, name);
  return fs.existsSync(file) ? file : null;
}

/** Keeps the newest `keep` archives. */
export async function pruneBackups(keep: number, directory = getEnv().BACKUP_DIR) {
  const stale = (await listBackups(directory)).slice(keep);
  for (const backup of stale) await fsp.rm(path.join(directory, backup.name), { force: true });
  return stale.map((backup) => backup.name);
}

let running: Promise<CreatedBackup> | undefined;
let lastBackupAt: number | undefined;

/** When the last archive was written by this process (for the metrics' backup age). */
export const lastBackupTime = () => lastBackupAt;

/**
 * Writes an archive of the running site into BACKUP_DIR, keeps the newest BACKUP_KEEP and records
 * `backup.create`. Needs `backups.manage` (null: the server itself, on its schedule or console). One at a time: a second request while one is written gets the same archive.
 */
export function createStoredBackup(actor: Actor, via: "dashboard" | "schedule" | "command") {
  requirePermission(actor, "backups.manage");
  running ??= (async () => {
    const env = getEnv();
    const started = Date.now();
    try {
      const backup = await createBackup({
        db: getDb(),
        source: getDatabaseKind(),
        dataDir: env.DATA_DIR,
        outFile: path.join(env.BACKUP_DIR, backupFileName()),
        store: getUploadStore(env),
      });
      lastBackupAt = Date.now();
      const removed = await pruneBackups(env.BACKUP_KEEP, env.BACKUP_DIR);
      await recordEvent(getDb(), {
        kind: "backup.create",
        area: "backups",
        actor,
        target: path.basename(backup.file),
        details: { bytes: backup.bytes, tables: backup.manifest.database.tables.length, files: backup.manifest.files.count, via },
      });
      logger.info({ file: backup.file, bytes: backup.bytes, milliseconds: Date.now() - started, removed, via }, "backup written");
      return backup;
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/**
 * Scheduled backups (BACKUP_EVERY): each run logs a line when it starts and when it is written;
 * a failure is logged as an error and the site goes on serving. Returns the function that stops it.
 */
export function backupJob(every: number): Job {
  return {
    name: "scheduled-backups",
    everyMs: every,
    run: async () => {
      logger.info("scheduled backup started");
      await createStoredBackup(null, "schedule").catch((error: unknown) =>
        logger.error({ err: error, directory: getEnv().BACKUP_DIR }, "SCHEDULED BACKUP FAILED: no new archive was written"),
      );
    },
  };
}

/** The backup job on a scheduler of its own (tests); the site runs it on the shared one. */
export function startBackupSchedule(every = getEnv().BACKUP_EVERY) {
  if (!every) return async () => {};
  logger.info({ every, directory: getEnv().BACKUP_DIR, keep: getEnv().BACKUP_KEEP }, "scheduled backups on");
  const scheduler = startJobs([backupJob(every)]);
  // Answers when a run under way has finished, so a test's next step finds its archive and log line.
  return () => scheduler.stop();
}
