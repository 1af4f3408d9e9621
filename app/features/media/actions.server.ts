// The media library's writes, answered through the one admin action runner.
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import { failed, runAction, succeeded } from "~/platform/action-result.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { deleteLongUnusedFiles, deleteMediaFile } from "./library.server";
import { mediaDeleteSchema, mediaIntents } from "./library";

type Form = Record<string, string>;

/** Runs one write of the media library. */
export async function runMediaAction(db: Database, store: UploadStore, form: Form, actor: Person) {
  const m = messagesOf(adminLanguageOf(actor.language)).media;
  const intent = form.intent ?? "";
  if (intent === mediaIntents.deleteLongUnused)
    return runAction(
      intent,
      async () => {
        const deleted = await deleteLongUnusedFiles(db, store, actor);
        return { ...succeeded(intent), deleted: deleted.length };
      },
      { log: "deletion of long unused media files failed" },
    );
  if (intent !== mediaIntents.deleteFile) return failed(intent, 400, "Unknown action");
  const parsed = mediaDeleteSchema.safeParse(form);
  if (!parsed.success) return failed(intent, 400, m.invalidName, { file: [m.invalidName] });
  return runAction(
    intent,
    async () => {
      await deleteMediaFile(db, store, actor, parsed.data.file);
      return { ...succeeded(intent), file: parsed.data.file };
    },
    { log: "media file deletion failed" },
  );
}
