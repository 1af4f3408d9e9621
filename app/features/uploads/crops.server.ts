// The Open Graph image an upload makes: 1200 × 630 around the file's focal point (media library),
// stored beside the upload as `<name>-og<x>x<y>.jpg` (the point in thousandths), in the same
// store as the upload (the disk or the bucket). The point is in the name, so the address changes
// when the point does (uploads are served immutable) and every instance makes the same file; the
// crops of earlier points are removed when a new one is made.
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { logger } from "~/platform/logger.server";
import { loadSharp, MAX_INPUT_PIXELS } from "./images.server";
import { getUploadStore, type UploadStore } from "./upload-store.server";

export const OPEN_GRAPH_SIZE = { width: 1200, height: 630 } as const;

/** A point of the image, 0..1 from its left and top edges. */
export interface Focus {
  x: number;
  y: number;
}

const thousandths = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000);
const stemOf = (fileName: string) => fileName.replace(/\.\w+$/, "");
const CROP = /-og\d{1,4}x\d{1,4}\.jpg$/;

export const openGraphCropName = (fileName: string, focus: Focus) =>
  `${stemOf(fileName)}-og${thousandths(focus.x)}x${thousandths(focus.y)}.jpg`;

/** The crop's stored keys of a file, whatever their point. */
async function cropKeys(store: UploadStore, fileName: string) {
  const prefix = `uploads/${stemOf(fileName)}-og`;
  return (await store.list(prefix)).filter((key) => key.startsWith(prefix) && CROP.test(key));
}

/** Removes a file's Open Graph crops but `keep` (a key). */
export async function removeOpenGraphCrops(fileName: string, store: UploadStore = getUploadStore(), keep?: string) {
  const stale = (await cropKeys(store, fileName)).filter((key) => key !== keep);
  if (stale.length > 0) await store.remove(stale);
}

/** Where a crop of `width × height` lies in the image scaled to cover it, the point as near its centre as the edges allow. */
export function coverCrop(image: { width: number; height: number }, focus: Focus, target = OPEN_GRAPH_SIZE) {
  const scale = Math.max(target.width / image.width, target.height / image.height);
  const width = Math.max(target.width, Math.round(image.width * scale));
  const height = Math.max(target.height, Math.round(image.height * scale));
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return {
    width,
    height,
    left: clamp(focus.x * width - target.width / 2, width - target.width),
    top: clamp(focus.y * height - target.height / 2, height - target.height),
  };
}

async function makeCrop(store: UploadStore, fileName: string, focus: Focus, removeOthers: boolean): Promise<string | undefined> {
  const name = openGraphCropName(fileName, focus);
  const key = `uploads/${name}`;
  if (!(await cropKeys(store, fileName)).includes(key)) {
    const original = await store.read(`uploads/${fileName}`);
    if (!original) return undefined;
    const sharp = await loadSharp();
    const metadata = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.width || !metadata.height) return undefined;
    const turned = (metadata.orientation ?? 1) >= 5;
    const size = turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
    const crop = coverCrop(size, focus);
    const temporary = path.join(await store.scratchDirectory(), `.crop-${randomUUID()}`);
    try {
      await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(crop.width, crop.height, { fit: "fill" })
        .extract({ left: crop.left, top: crop.top, ...OPEN_GRAPH_SIZE })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toFile(temporary);
      await store.putFiles([{ key, file: temporary, contentType: "image/jpeg" }]);
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }
  if (removeOthers) await removeOpenGraphCrops(fileName, store, key);
  return `/uploads/${name}`;
}

const making = new Map<string, Promise<string | undefined>>();

/**
 * The address of an upload's 1200 × 630 crop around `focus`, made (and the crops of other points
 * removed, unless `removeOthers` is false: a preview's crop of a staged point) when it is not
 * stored yet; undefined when the upload is gone or cannot be decoded (the page then shares the
 * upload as it is).
 */
export function openGraphCrop(
  fileName: string,
  focus: Focus,
  store: UploadStore = getUploadStore(),
  { removeOthers = true }: { removeOthers?: boolean } = {},
): Promise<string | undefined> {
  const name = `${store.describe()}\n${openGraphCropName(fileName, focus)}\n${removeOthers}`;
  let made = making.get(name);
  if (!made) {
    made = makeCrop(store, fileName, focus, removeOthers)
      .catch((error: unknown) => {
        logger.warn({ err: error, fileName }, "Open Graph crop not made");
        return undefined;
      })
      .finally(() => making.delete(name));
    making.set(name, made);
  }
  return made;
}
