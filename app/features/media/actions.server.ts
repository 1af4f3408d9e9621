// The media library's writes, answered through the one admin action runner.
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import { failed, refused, runAction, succeeded } from "~/platform/action-result.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { deleteLongUnusedFiles, deleteMediaFile } from "./library.server";
import { mediaDeleteSchema, mediaIntents } from "./library";
import { mediaFileIntents, parseInfoForm, restoreVersionSchema } from "./info";
import { restoreMediaVersion } from "./replace.server";
import { saveMediaInfo } from "./info.server";

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
      await deleteMediaFile(db, store, actor, parsed.data.file, parsed.data.version);
      return { ...succeeded(intent), file: parsed.data.file };
    },
    { log: "media file deletion failed" },
  );
}

/** Runs one write of a file's page (`fileName`, from its address). */
export async function runMediaFileAction(db: Database, form: Form, actor: Person, fileName: string) {
  const m = messagesOf(adminLanguageOf(actor.language)).media;
  const intent = form.intent ?? "";
  if (intent === mediaFileIntents.restoreVersion) {
    const asked = restoreVersionSchema.safeParse(form);
    if (!asked.success) return refused(intent, asked.error, m.file.noSuchVersion);
    return runAction(
      intent,
      async () => ({
        ...succeeded(intent),
        ...(await restoreMediaVersion(db, actor, fileName, asked.data.file, asked.data.version)),
      }),
      { log: "an earlier version of a media file could not be made current" },
    );
  }
  if (intent !== mediaFileIntents.saveInfo) return failed(intent, 400, "Unknown action");
  const parsed = parseInfoForm(form);
  if (!parsed.success) return refused(intent, parsed.error, m.file.invalid);
  return runAction(
    intent,
    async () => {
      const outcome = await saveMediaInfo(db, actor, fileName, parsed.data.version, parsed.data.info);
      return { ...succeeded(intent), changed: outcome !== false, staged: outcome !== false && outcome.staged };
    },
    { log: "media file info could not be saved" },
  );
}
