// The media library's own uploads: one file per request into the library (not into a content
// value), checked by its bytes by the one upload pipeline (uploads/storage.server.ts), stored,
// catalogued with who uploaded it and logged.
import type { Readable } from "node:stream";
import { requirePermission } from "~/features/access/require.server";
import { recordEvent } from "~/features/activity/activity.server";
import { messagesOf } from "~/features/admin-i18n/messages";
import { removeUpload, storeUpload, UploadError, type UploadErrorCode } from "~/features/uploads/storage.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import type { Actor } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { libraryUploadSchema } from "./library";

/** The features answer with the Russian catalogue's texts; the screen shows them in its language (inLanguage). */
const m = messagesOf("ru").media;

const errorTexts: Record<UploadErrorCode, string> = {
  too_large: m.upload.errors.too_large,
  unsupported_type: m.upload.errors.unsupported_type,
  empty: m.upload.errors.empty,
  unreadable: m.upload.errors.unreadable,
  too_many_pixels: m.upload.errors.too_many_pixels,
  invalid_key: m.invalidName,
};

/** The stored name's stem from the browser's name: `Summer Photo.PNG` → `summer_photo` (`file` when nothing is left). */
export function stemOf(name: string) {
  const stem = name
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40)
    .replace(/_+$/, "");
  return stem || "file";
}

let lastStamp = 0;
/** The time in a stored name, never the same twice in this process: files sent side by side with one stem get names of their own. */
export function stamp() {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/** A library upload's refusal before a byte is read: a name the schema does not take, or a declared size over the limit. */
export function checkLibraryUpload(query: { name: string | null }, declaredLength: number, maxBytes: number) {
  const parsed = libraryUploadSchema.safeParse({ name: query.name ?? "" });
  if (!parsed.success) throw new Refusal(400, m.invalidName, { fieldErrors: { name: [m.invalidName] } });
  if (declaredLength > maxBytes) throw new Refusal(413, m.upload.errors.too_large);
  return parsed.data.name;
}

/**
 * Stores one file into the media library: its bytes must be a JPEG, PNG, GIF or WebP image within
 * the size and pixel limits (SVG and anything else refused, 415), as for every upload. It is
 * named by its stem and its checked type (`summer_photo_<time>.png`), catalogued with the
 * uploader and logged (`uploads.create`, target `media`). Needs `uploads.create` (403 before a
 * byte is read). A refusal carries the Russian catalogue's message; nothing is left behind.
 */
export async function uploadToLibrary(
  db: Database,
  store: UploadStore,
  actor: Actor,
  source: Readable,
  options: { name: string; dataDir: string; maxBytes?: number },
) {
  try {
    requirePermission(actor, "uploads.create");
  } catch (refusal) {
    source.resume();
    throw refusal;
  }
  let stored;
  try {
    stored = await storeUpload(source, {
      actor,
      dataDir: options.dataDir,
      settingKey: stemOf(options.name),
      maxBytes: options.maxBytes,
      now: stamp(),
      store,
      db,
    });
  } catch (error) {
    if (error instanceof UploadError) throw new Refusal(error.status, errorTexts[error.code], { details: { code: error.code } });
    if (error instanceof Refusal) throw error;
    // The checks passed but the storage (disk or bucket) refused it: nothing was kept.
    logger.error({ err: error, storage: store.describe() }, "library upload could not be stored");
    throw new Refusal(503, m.upload.errors.storage);
  }
  try {
    await recordEvent(db, {
      kind: "uploads.create",
      area: "uploads",
      actor,
      target: "media",
      details: { file: stored.fileName, name: options.name },
    });
  } catch (error) {
    // Not logged, so not kept: the file, its copies and its catalogue row go again.
    await removeUpload(actor, store, stored.fileName, db).catch(() => undefined);
    throw error;
  }
  return { name: stored.fileName, path: stored.url, type: stored.contentType, size: stored.size };
}
