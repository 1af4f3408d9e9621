import { z } from "zod";
import { backups } from "~/features/admin-i18n/catalogue/ru/backups";

/** The names the site gives its archives (site-backup-20261124T221206123Z.tar.gz); nothing else is served. */
export const BACKUP_NAME_PATTERN = /^site-backup-\d{8}T\d{9}Z\.tar\.gz$/;

export const backupIntents = { create: "create-backup" } as const;

/** The backups' answers: the Russian catalogue's texts, shown in the administrator's language through inLanguage. */
export const backupMessages = {
  created: backups.created,
  createFailed: backups.createFailed,
  invalidName: backups.invalidName,
  invalidRequest: backups.invalidRequest,
} as const;

export const backupCreateSchema = z.object({ intent: z.literal(backupIntents.create, { error: backupMessages.invalidRequest }) });

export const backupDownloadSchema = z.object({ file: z.string().regex(BACKUP_NAME_PATTERN, backupMessages.invalidName) });
