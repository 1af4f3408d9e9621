// The media library's catalogue of stored uploads (media_files): a row is written when an upload
// is stored and removed with it, so the library lists files from the database (one indexed query
// for a screen of 5,000 files) instead of listing the disk or the bucket. Files the catalogue does
// not know (stored before it existed, or brought back by a restored backup) are added from the
// store's listing once, when it is marked stale (syncCatalogue).
import { eq, inArray, sql } from "drizzle-orm";
import { mediaFiles, mediaIndexState } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/platform/person";
import { describeUpload } from "./images.server";
import type { UploadStore } from "./upload-store.server";
import { isDerivedUpload } from "./upload-url";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** A stored file's type from its name (the site names uploads by the type their bytes were checked to be). */
export const typeOfName = (name: string) => TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

export interface CataloguedUpload {
  fileName: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
}

type Writer = Pick<Database, "insert" | "delete">;

/** Notes a stored upload in the catalogue, with who uploaded it. */
export async function catalogueUpload(db: Writer, upload: CataloguedUpload, actor: Actor, uploadedAt = new Date()) {
  const row = {
    name: upload.fileName,
    contentType: upload.contentType,
    size: upload.size,
    width: upload.width ?? null,
    height: upload.height ?? null,
    uploadedBy: actor?.id ?? null,
    uploadedAt,
    // Unused until a write names it (the usage index then notes it used).
    unusedSince: uploadedAt,
  };
  await db.insert(mediaFiles).values(row).onConflictDoUpdate({ target: mediaFiles.name, set: row });
}

/** Takes a removed upload out of the catalogue. */
export async function uncatalogueUpload(db: Writer, fileName: string) {
  await db.delete(mediaFiles).where(eq(mediaFiles.name, fileName));
}

/** Marks the catalogue to be made again from the store's listing (a restored backup brings its own uploads). */
export async function markCatalogueStale(db: Pick<Database, "insert">) {
  await db
    .insert(mediaIndexState)
    .values({ id: 1, filesStale: true })
    .onConflictDoUpdate({ target: mediaIndexState.id, set: { filesStale: true } });
}

/**
 * Makes the catalogue agree with the store when it is stale: every original in the store gets a
 * row (its size, its time, its pixels from the image's stored info; no uploader), and rows of
 * files no longer in the store go. Rows already there keep their uploader. True when it did.
 */
export async function syncCatalogue(db: Database, store: UploadStore): Promise<boolean> {
  const [state] = await db.select({ filesStale: mediaIndexState.filesStale }).from(mediaIndexState).where(eq(mediaIndexState.id, 1));
  if (state && !state.filesStale) return false;
  const objects = (await store.listDetails("uploads/"))
    .map((object) => ({ ...object, name: object.key.slice("uploads/".length) }))
    .filter((object) => object.name && !object.name.includes("/") && !isDerivedUpload(object.name));
  const infos = new Map<string, { width: number; height: number } | undefined>();
  for (let start = 0; start < objects.length; start += 16) {
    const batch = objects.slice(start, start + 16);
    const found = await Promise.all(batch.map((object) => describeUpload(`/uploads/${object.name}`, store)));
    batch.forEach((object, index) => infos.set(object.name, found[index]));
  }
  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('media_files'))`);
    const [current] = await transaction
      .select({ filesStale: mediaIndexState.filesStale })
      .from(mediaIndexState)
      .where(eq(mediaIndexState.id, 1));
    if (current && !current.filesStale) return false;
    const known = new Set((await transaction.select({ name: mediaFiles.name }).from(mediaFiles)).map((row) => row.name));
    const present = new Set(objects.map((object) => object.name));
    const gone = [...known].filter((name) => !present.has(name));
    for (let start = 0; start < gone.length; start += 500)
      await transaction.delete(mediaFiles).where(inArray(mediaFiles.name, gone.slice(start, start + 500)));
    const added = objects
      .filter((object) => !known.has(object.name))
      .map((object) => ({
        name: object.name,
        contentType: typeOfName(object.name),
        size: object.size,
        width: infos.get(object.name)?.width ?? null,
        height: infos.get(object.name)?.height ?? null,
        uploadedBy: null,
        uploadedAt: object.modified,
      }));
    for (let start = 0; start < added.length; start += 500)
      await transaction
        .insert(mediaFiles)
        .values(added.slice(start, start + 500))
        .onConflictDoNothing();
    await transaction
      .insert(mediaIndexState)
      .values({ id: 1, filesStale: false })
      .onConflictDoUpdate({ target: mediaIndexState.id, set: { filesStale: false } });
    return true;
  });
}
