import { z } from "zod";

/** The names the site gives its archives (site-backup-20261124T221206123Z.tar.gz); nothing else is served. */
export const BACKUP_NAME_PATTERN = /^site-backup-\d{8}T\d{9}Z\.tar\.gz$/;

export const backupIntents = { create: "create-backup" } as const;

export const backupMessages = {
  created: "Резервная копия создана",
  createFailed: "Не удалось создать резервную копию",
  invalidName: "Такой резервной копии нет",
  invalidRequest: "Неизвестное действие",
} as const;

export const backupCreateSchema = z.object({ intent: z.literal(backupIntents.create, { error: backupMessages.invalidRequest }) });

export const backupDownloadSchema = z.object({ file: z.string().regex(BACKUP_NAME_PATTERN, backupMessages.invalidName) });
