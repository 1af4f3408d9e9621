import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MAX_UPLOAD_BYTES, uploadMessages } from "~/features/uploads/schema";
import type { Database } from "~/platform/db.server";
import { catalogueUpload, uncatalogueUpload } from "./catalogue.server";
import { cleanImageFile } from "./clean-image.server";
import { ImageError, prepareImageVariants, removeImageVariants } from "./images.server";
import { localUploadStore, type UploadStore } from "./upload-store.server";
import { requirePermission } from "~/features/access/require.server";
import type { Actor } from "~/platform/person";

export { MAX_UPLOAD_BYTES, uploadMessages } from "~/features/uploads/schema";

export const allowedImageTypes = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
} as const;

export const contentTypeByExtension: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export type UploadErrorCode = "too_large" | "unsupported_type" | "invalid_key" | "empty" | "unreadable" | "too_many_pixels";

export class UploadError extends Error {
  constructor(
    public code: UploadErrorCode,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

const SETTING_KEY_PATTERN = /^[a-z0-9_]{1,50}$/;

export function isValidSettingKey(key: string) {
  return SETTING_KEY_PATTERN.test(key);
}

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, "uploads");
}

function byteLimit(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new UploadError("too_large", uploadMessages.too_large, 413));
      else callback(null, chunk);
    },
  });
}

export interface StoredUpload {
  fileName: string;
  url: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  srcSet?: string;
}

/**
 * Deletes a stored upload with its copies (and its row of the media library's catalogue, given
 * `db`), e.g. when its setting could not be saved; a missing one is fine. Needs `uploads.create`
 * (403 otherwise; null: the server itself).
 */
export async function removeUpload(actor: Actor, from: UploadStore | string, fileName: string, db?: Database) {
  requirePermission(actor, "uploads.create");
  const store = typeof from === "string" ? localUploadStore(from) : from;
  const name = path.basename(fileName);
  if (db) await uncatalogueUpload(db, name);
  await store.remove([`uploads/${name}`]);
  await removeImageVariants(store, name);
}

/**
 * Streams an upload to a local scratch file, stopping at maxBytes, and keeps it only when its
 * bytes are a JPEG, PNG, GIF or WebP image that decodes; its WebP copies for srcset are made
 * beside it (images.server.ts). Only then are the copies, the info and the upload (last) put
 * into the upload store (DATA_DIR or the S3 bucket; without `store`, DATA_DIR) under a generated
 * name (settingKey_timestamp.ext), and, given `db`, noted in the media library's catalogue with who
 * uploaded it. Whatever goes wrong, nothing is left behind. The one uploading needs
 * `uploads.create` (403 before a byte is read; null: the server itself).
 */
export async function storeUpload(
  source: Readable,
  options: { actor: Actor; dataDir: string; settingKey: string; maxBytes?: number; now?: number; store?: UploadStore; db?: Database },
): Promise<StoredUpload> {
  try {
    requirePermission(options.actor, "uploads.create");
  } catch (refusal) {
    source.resume();
    throw refusal;
  }
  if (!isValidSettingKey(options.settingKey)) {
    source.resume();
    throw new UploadError("invalid_key", uploadMessages.invalid_key, 400);
  }
  const store = options.store ?? localUploadStore(options.dataDir);
  const directory = await store.scratchDirectory();
  const temporary = path.join(directory, `.upload-${randomUUID()}`);
  try {
    await pipeline(source, byteLimit(options.maxBytes ?? MAX_UPLOAD_BYTES), fs.createWriteStream(temporary, { flags: "wx" }));
    if ((await fsp.stat(temporary)).size === 0) throw new UploadError("empty", uploadMessages.empty, 400);
    // The signature reader is loaded with the first upload (bench/memory.md).
    const { fileTypeFromFile } = await import("file-type");
    const detected = await fileTypeFromFile(temporary);
    const extension = detected && allowedImageTypes[detected.mime as keyof typeof allowedImageTypes];
    if (!detected || !extension) {
      throw new UploadError("unsupported_type", uploadMessages.unsupported_type, 415);
    }
    const fileName = `${options.settingKey}_${options.now ?? Date.now()}.${extension}`;
    let prepared;
    try {
      // Photo metadata (GPS position, camera, author) is taken out before anything is made or stored.
      await cleanImageFile(temporary, extension);
      prepared = await prepareImageVariants(temporary, fileName);
    } catch (error) {
      if (error instanceof ImageError) throw new UploadError(error.code, error.message, error.status);
      throw error;
    }
    const { size } = await fsp.stat(temporary);
    await store.putFiles([...prepared.files, { key: `uploads/${fileName}`, file: temporary, contentType: detected.mime }]);
    const stored = { fileName, url: `/uploads/${fileName}`, contentType: detected.mime, size, ...prepared.info };
    if (options.db) {
      try {
        await catalogueUpload(options.db, stored, options.actor);
      } catch (error) {
        // Not in the library, so not kept: the store's files go again.
        await store.remove([`uploads/${fileName}`]).catch(() => undefined);
        await removeImageVariants(store, fileName).catch(() => undefined);
        throw error;
      }
    }
    return stored;
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}
