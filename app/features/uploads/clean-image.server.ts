// No served image carries photo metadata: an upload's original is cleaned before it is stored
// (its EXIF orientation applied, its colour profile kept), and the originals stored before this
// existed are cleaned once the server has started, on the disk or in the bucket.
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { logger } from "~/platform/logger.server";
import { MAX_INPUT_PIXELS, ImageError, loadSharp } from "./images.server";
import { uploadMessages } from "./schema";
import { stripImageMetadata } from "./strip-metadata";
import type { UploadStore } from "./upload-store-contract";

const contentTypes: Record<string, string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };

/** Decodes and encodes again: for a picture that must be turned upright, or bytes the stripper cannot read. */
async function reencode(bytes: Buffer, extension: string): Promise<Buffer> {
  const sharp = await loadSharp();
  // rotate() applies the EXIF orientation; the output carries no metadata but the ICC profile.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).rotate().keepIccProfile();
  if (extension === "jpg") return image.jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer();
  if (extension === "png") return image.png().toBuffer();
  if (extension === "webp") return image.webp({ quality: 92 }).toBuffer();
  return image.gif().toBuffer();
}

/**
 * Takes the metadata out of an image file in place; true when the file changed. Only the
 * metadata is cut out of the bytes (the picture is not encoded again) unless the picture is
 * stored turned (EXIF orientation 2-8), which it is then turned upright.
 */
export async function cleanImageFile(file: string, extension: string): Promise<boolean> {
  const bytes = await fsp.readFile(file);
  const stripped = stripImageMetadata(bytes, extension);
  if (stripped && !stripped.changed) return false;
  let cleaned: Buffer;
  try {
    const orientation = stripped ? ((await (await loadSharp())(bytes).metadata()).orientation ?? 1) : 1;
    cleaned = stripped && orientation <= 1 ? stripped.bytes : await reencode(bytes, extension);
  } catch {
    throw new ImageError("unreadable", uploadMessages.unreadable, 415);
  }
  await fsp.writeFile(file, stripImageMetadata(cleaned, extension)?.bytes ?? cleaned);
  return true;
}

/** An upload's original (its WebP copies are made by sharp, which writes no metadata). */
const ORIGINAL = /^uploads\/[a-z0-9_]+_\d+\.(jpg|png|gif|webp)$/;

/** Cleans every stored original that still carries metadata; answers how many were looked at and cleaned. */
export async function cleanStoredImages(store: UploadStore): Promise<{ checked: number; cleaned: number }> {
  const keys = (await store.list("uploads/")).filter((key) => ORIGINAL.test(key));
  const directory = await store.scratchDirectory();
  let cleaned = 0;
  for (const key of keys) {
    const extension = ORIGINAL.exec(key)![1]!;
    const file = path.join(directory, `.clean-${randomUUID()}`);
    try {
      await store.download(key, file);
      if (await cleanImageFile(file, extension)) {
        await store.putFiles([{ key, file, contentType: contentTypes[extension]! }]);
        cleaned += 1;
      }
    } catch (error) {
      logger.warn({ err: error, key }, "stored image not cleaned of its metadata");
    } finally {
      await fsp.rm(file, { force: true });
    }
  }
  return { checked: keys.length, cleaned };
}

/** The pass at start, in the background: its figures are logged. */
export function cleanStoredImagesAtStart(store: UploadStore) {
  const started = Date.now();
  return cleanStoredImages(store).then(
    (counts) => logger.info({ ...counts, ms: Date.now() - started, uploads: store.describe() }, "stored images cleaned of metadata"),
    (error: unknown) => logger.warn({ err: error }, "stored images not cleaned of metadata"),
  );
}
