import { z } from "zod";
import { splitKey } from "~/platform/record-key";
import { recordMessages, versionField } from "~/features/records/schema";

export const historyMessages = {
  invalidVersion: recordMessages.invalidVersion,
  invalidRevision: "Неизвестная версия",
  notFound: "Версия не найдена",
  restoreFailed: "Не удалось восстановить версию",
  restored: "Версия восстановлена",
  undoFailed: "Не удалось отменить инициализацию",
} as const;

/** A history request or restore of one revision of one card (its key is checked against the revision). */
export const revisionKeySchema = z.object({
  key: z
    .string()
    .min(3, historyMessages.invalidRevision)
    .max(300, historyMessages.invalidRevision)
    .refine((key) => splitKey(key) !== undefined, historyMessages.invalidRevision),
});

export const restoreRevisionSchema = revisionKeySchema.extend({
  revisionId: z.coerce
    .number({ message: historyMessages.invalidRevision })
    .int(historyMessages.invalidRevision)
    .positive(historyMessages.invalidRevision)
    .max(2147483647, historyMessages.invalidRevision),
  version: versionField,
});

export const undoGroupSchema = z.object({
  groupId: z.string().uuid(historyMessages.invalidRevision),
});

/** What a refused save (409) tells the editor; part of every action answer's shape. */
export type { ConflictInfo } from "~/platform/action-result";

/** One revision as the history dialog shows it. */
export interface RevisionView {
  id: number;
  key: string;
  action: string;
  at: string;
  by: string | null;
  /** How to show the values: text with a diff, an image thumbnail, rendered HTML, a menu item. */
  display: "text" | "image" | "html" | "menu";
  before: string | null;
  after: string | null;
  groupId: string | null;
}

export const HISTORY_PATH = "/admin/history";
export const historyIntents = { restore: "restore-revision", undoGroup: "undo-group" } as const;
