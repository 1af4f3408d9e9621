// What the public pages take from a file's focal point: `object-position` for every image they
// crop with `object-fit: cover`, and the Open Graph image, a 1200 × 630 crop around the point
// (uploads/crops.server.ts). Read once per content version: a save of a file's page is a record
// write like any other, so the version moves, the page cache re-renders every page and the crop
// of the new point is made (the old one removed) by the first render that shares it. A preview of
// a release shows the point it stages (read from the preview, never kept), its crop made beside
// the live one.
import { inArray } from "drizzle-orm";
import { mediaFileInfo } from "~/db/schema";
import { getContentVersion } from "~/features/records/version.server";
import { noteRead } from "~/features/records/read-tags.server";
import { currentPreview } from "~/features/records/preview-context.server";
import { openGraphCrop, removeOpenGraphCrops, type Focus } from "~/features/uploads/crops.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import type { ImageInfo } from "~/features/uploads/upload-url";
import { getDb, type Database } from "~/platform/db.server";
import { mediaInfoKey } from "./file-version.server";
import { objectPositionOf } from "./info";

const UPLOAD = /^\/uploads\/([A-Za-z0-9_][A-Za-z0-9_.-]*)$/;
const nameOf = (address: string | undefined) => UPLOAD.exec(address?.trim() ?? "")?.[1];

let keptVersion = -1;
const kept = new Map<string, Promise<Focus | null>>();
// The Open Graph address of each upload asked for, kept for the content version as the points
// are: every public page of a version shares the same few images, and each answer costs the
// store a listing of the file's crops (two when a crop is made).
const keptImages = new Map<string, Promise<string | undefined>>();

function keepForVersion() {
  const version = getContentVersion();
  if (version !== keptVersion) {
    kept.clear();
    keptImages.clear();
    keptVersion = version;
  }
}

async function readFocus(db: Database, name: string): Promise<Focus | null> {
  const [row] = await db
    .select({ x: mediaFileInfo.focalX, y: mediaFileInfo.focalY })
    .from(mediaFileInfo)
    .where(inArray(mediaFileInfo.name, [name]));
  return row && row.x !== null && row.y !== null ? { x: row.x, y: row.y } : null;
}

/** The point a preview of a release shows when the release stages the file's record (null: none); else undefined. */
function stagedFocus(name: string): Focus | null | undefined {
  const staged = currentPreview()?.staged;
  const key = mediaInfoKey(name).text;
  if (!staged?.has(key)) return undefined;
  return (staged.get(key) as { focal?: Focus | null } | null)?.focal ?? null;
}

/** A file's focal point for the current content version (null: none), or as the release previewed stages it; the page's render names the file's record. */
export function focusOf(name: string, db: Database = getDb()): Promise<Focus | null> {
  noteRead(mediaInfoKey(name).text);
  const staged = stagedFocus(name);
  if (staged !== undefined) return Promise.resolve(staged);
  keepForVersion();
  let focus = kept.get(name);
  if (!focus) {
    focus = readFocus(db, name).catch((error: unknown) => {
      kept.delete(name);
      throw error;
    });
    kept.set(name, focus);
  }
  return focus;
}

/** Images' recorded facts, each with `position` from its file's focal point when it has one. */
export async function withFocalPoints(images: Record<string, ImageInfo>): Promise<Record<string, ImageInfo>> {
  const entries = await Promise.all(
    Object.entries(images).map(async ([address, info]) => {
      const name = nameOf(address);
      const focus = name ? await focusOf(name) : null;
      return [address, focus ? { ...info, position: objectPositionOf(focus) } : info] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The address to share for an Open Graph image: an uploaded image with a focal point gives its
 * 1200 × 630 crop around it; without a point its crops are removed and the upload is shared as it
 * is. Other addresses come back as they are. Kept for the content version, but for a crop that
 * could not be made (the next render tries again).
 */
export function openGraphImageOf(address: string | undefined): Promise<string | undefined> {
  const name = nameOf(address);
  if (!address || !name || !/\.(?:jpg|png|gif|webp)$/.test(name)) return Promise.resolve(address);
  // The page's render names the file's record whether the answer is kept or not.
  noteRead(mediaInfoKey(name).text);
  const staged = stagedFocus(name);
  if (staged !== undefined) return stagedImageOf(name, staged, address);
  keepForVersion();
  let shared = keptImages.get(address);
  if (!shared) {
    const made = focusOf(name).then(async (focus) => {
      const image = await sharedImageOf(name, focus, address);
      if (focus && image === address && keptImages.get(address) === made) keptImages.delete(address);
      return image;
    });
    made.catch(() => {
      if (keptImages.get(address) === made) keptImages.delete(address);
    });
    keptImages.set(address, made);
    shared = made;
  }
  return shared;
}

async function sharedImageOf(name: string, focus: Focus | null, address: string | undefined) {
  if (!focus) {
    await removeOpenGraphCrops(name).catch(() => undefined);
    return address;
  }
  return (await openGraphCrop(name, focus)) ?? address;
}

/**
 * A preview's image of a staged point: its crop, made beside the live one and removing none (the
 * live pages share theirs until the release is published; the next live crop of the file
 * removes it), never kept; without a staged point, the upload.
 */
async function stagedImageOf(name: string, focus: Focus | null, address: string) {
  if (!focus) return address;
  return (await openGraphCrop(name, focus, getUploadStore(), { removeOthers: false })) ?? address;
}

/** A page's fields with their own Open Graph image (`ogImage`) as `openGraphImageOf` shares it, marked when it is the crop. */
export async function withOpenGraphCrop<T extends { ogImage: string }>(fields: T): Promise<T & { ogImageCropped?: boolean }> {
  const image = fields.ogImage ? await openGraphImageOf(fields.ogImage) : undefined;
  return image && image !== fields.ogImage ? { ...fields, ogImage: image, ogImageCropped: true } : fields;
}

/** Each page's fields as `withOpenGraphCrop` shares them; the same object when no page has an image of its own. */
export async function withOpenGraphCrops<T extends { ogImage: string }>(
  byPath: Record<string, T>,
): Promise<Record<string, T & { ogImageCropped?: boolean }>> {
  const entries = Object.entries(byPath);
  if (!entries.some(([, fields]) => fields.ogImage)) return byPath;
  return Object.fromEntries(await Promise.all(entries.map(async ([path, fields]) => [path, await withOpenGraphCrop(fields)] as const)));
}
