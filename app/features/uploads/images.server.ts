import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { catalogue } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { uploadMessages } from "~/features/uploads/schema";
import { getPageContent } from "~/features/content/read.server";
import { noteRead, untracked } from "~/features/records/read-tags.server";
import { logger } from "~/platform/logger.server";
import type { ImageInfo } from "./upload-url";
import { getUploadStore, localUploadStore, type StoreFile, type UploadStore } from "./upload-store.server";

/** Widths of the WebP copies made of each upload, for `srcset`; never wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** Decoding stops above this many pixels, so a small file cannot claim gigabytes of memory. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * sharp, loaded with the first upload: libvips and its libraries made some 25 MB of the
 * server's memory (bench/memory.md), for what only an administrator's upload uses.
 */
let loadingSharp: Promise<typeof import("sharp").default> | undefined;
export function loadSharp() {
  loadingSharp ??= import("sharp").then((module) => {
    const sharp = module.default;
    // Two cores: one for sharp's work, one for the server.
    sharp.concurrency(1);
    return sharp;
  });
  return loadingSharp;
}

export type { ImageInfo };

export class ImageError extends Error {
  constructor(
    public code: "unreadable" | "too_many_pixels",
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

/**
 * Where the facts about each upload are kept on the local disk: beside the uploads, not among
 * them, so they are never served. One small JSON file per upload (`image-info/<name>.json` in
 * the upload store), written once with the upload (its name never changes), read on the first
 * render that needs it and then kept in memory.
 */
export function imageInfoDirectory(dataDir: string) {
  return path.join(dataDir, "image-info");
}

const variantName = (fileName: string, width: number) => `${fileName.replace(/\.\w+$/, "")}-w${width}.webp`;

/**
 * Reads an upload's size and writes its WebP copies and its info file beside the checked upload
 * (still under its temporary name); returns them as files for the upload store, so the caller
 * stores everything only when all of it was made. Throws ImageError for an image that cannot be
 * decoded or has too many pixels; nothing is left behind then.
 */
export async function prepareImageVariants(temporaryFile: string, fileName: string): Promise<{ files: StoreFile[]; info: ImageInfo }> {
  const directory = path.dirname(temporaryFile);
  const written: string[] = [];
  const sharp = await loadSharp();
  try {
    let metadata: Metadata;
    try {
      metadata = await sharp(temporaryFile, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch (error) {
      throw toImageError(error);
    }
    if (!metadata.width || !metadata.height) throw new ImageError("unreadable", uploadMessages.unreadable, 415);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageError("too_many_pixels", uploadMessages.too_many_pixels, 413);
    // EXIF orientations 5-8 turn the picture a quarter: the displayed size swaps.
    const turned = (metadata.orientation ?? 1) >= 5;
    const width = turned ? metadata.height : metadata.width;
    const height = turned ? metadata.width : metadata.height;
    const animated = (metadata.pages ?? 1) > 1;
    const widths: number[] = animated ? [] : VARIANT_WIDTHS.filter((candidate) => candidate < width);
    // A full-width WebP copy too, unless the original already is one.
    if (!animated && metadata.format !== "webp") widths.push(width);

    const files: StoreFile[] = [];
    const variants: string[] = [];
    for (const variantWidth of widths) {
      const temporary = path.join(directory, `.variant-${randomUUID()}`);
      written.push(temporary);
      try {
        await sharp(temporaryFile, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: variantWidth, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(temporary);
      } catch (error) {
        throw toImageError(error);
      }
      const name = variantName(fileName, variantWidth);
      files.push({ key: `uploads/${name}`, file: temporary, contentType: "image/webp" });
      variants.push(`/uploads/${name} ${variantWidth}w`);
    }
    const info: ImageInfo = { width, height, ...(variants.length > 0 ? { srcSet: variants.join(", ") } : {}) };
    const infoTemporary = path.join(directory, `.info-${randomUUID()}`);
    written.push(infoTemporary);
    await fsp.writeFile(infoTemporary, JSON.stringify(info));
    files.push({ key: `image-info/${fileName}.json`, file: infoTemporary, contentType: "application/json" });
    return { files, info };
  } catch (error) {
    await Promise.all(written.map((file) => fsp.rm(file, { force: true })));
    throw error;
  }
}

function toImageError(error: unknown): ImageError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageError("too_many_pixels", uploadMessages.too_many_pixels, 413);
  return new ImageError("unreadable", uploadMessages.unreadable, 415);
}

/** Removes an upload's copies, crops and info (the original is removed by the storage module). */
export async function removeImageVariants(store: UploadStore, fileName: string) {
  const prefix = `uploads/${variantName(fileName, 0).replace(/0\.webp$/, "")}`;
  const copies = (await store.list(prefix)).filter((key) => key.startsWith(prefix) && /^\d+\.webp$/.test(key.slice(prefix.length)));
  // Its Open Graph crops too (crops.server.ts).
  const cropPrefix = `${prefix.slice(0, -1)}og`;
  const crops = (await store.list(cropPrefix)).filter(
    (key) => key.startsWith(cropPrefix) && /^\d+x\d+\.jpg$/.test(key.slice(cropPrefix.length)),
  );
  await store.remove([...copies, ...crops, `image-info/${fileName}.json`]);
  known.delete(`/uploads/${fileName}`);
}

const UPLOAD_URL = /^\/uploads\/([a-z0-9_]+_\d+\.(?:jpg|png|gif|webp))$/;
const known = new Map<string, Promise<ImageInfo | undefined>>();

/** The stored info of an uploaded image's URL; undefined for other URLs or an upload without it. */
export function describeUpload(url: string, from: UploadStore | string = getUploadStore()): Promise<ImageInfo | undefined> {
  const fileName = UPLOAD_URL.exec(url)?.[1];
  if (!fileName) return Promise.resolve(undefined);
  let info = known.get(url);
  if (!info) {
    const store = typeof from === "string" ? localUploadStore(from) : from;
    info = store
      .read(`image-info/${fileName}.json`)
      .then((bytes) => {
        // An upload from before variants existed, or a file removed by hand: a plain <img>.
        if (!bytes) throw Object.assign(new Error("no image info"), { code: "ENOENT" });
        return JSON.parse(bytes.toString("utf8")) as ImageInfo;
      })
      .catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") logger.warn({ err: error, url }, "image info unreadable");
        known.delete(url);
        return undefined;
      });
    known.set(url, info);
  }
  return info;
}

const imageKeys = (Object.keys(catalogue) as PageName[]).flatMap((page) =>
  catalogue[page].filter((entry) => entry.type === "image").map((entry) => ({ page, section: entry.section })),
);

/** Sizes and responsive copies of every uploaded image the public pages currently show, by URL. */
export async function siteImages(): Promise<Record<string, ImageInfo>> {
  const pages = [...new Set(imageKeys.map((key) => key.page))];
  // Only the image keys reach the answer: they name it, not the whole pages they are on.
  noteRead(...imageKeys.map(({ page, section }) => `${page}/${section}`));
  const contents = new Map(await Promise.all(pages.map(async (page) => [page, await untracked(() => getPageContent(page))] as const)));
  const urls = new Set(imageKeys.map(({ page, section }) => contents.get(page)?.[section]?.trim() ?? "").filter(Boolean));
  const entries = await Promise.all([...urls].map(async (url) => [url, await describeUpload(url)] as const));
  return Object.fromEntries(entries.filter((entry): entry is [string, ImageInfo] => entry[1] !== undefined));
}
