/**
 * Stored values name uploads by their site path (`/uploads/<name>`), whatever the storage, so
 * content and backups stay portable. With S3_PUBLIC_URL the pages point at the bucket or CDN
 * instead: `${S3_PUBLIC_URL}/uploads/<name>` (the object's key under that address).
 */
export function uploadAddress(value: string, base: string | undefined): string;
export function uploadAddress(value: string | undefined, base: string | undefined): string | undefined;
export function uploadAddress(value: string | undefined, base: string | undefined) {
  if (!base || !value?.startsWith("/uploads/")) return value;
  return `${base}${value}`;
}

/** The stored site path of an address uploadAddress made (`/uploads/<name>`); other values as they are. */
export function storedUploadPath(value: string, base: string | undefined) {
  return base && value.startsWith(`${base}/uploads/`) ? value.slice(base.length) : value;
}

/** A srcset's `url 640w` entries, each through uploadAddress. */
export function srcSetAddress(srcSet: string | undefined, base: string | undefined) {
  if (!base || !srcSet) return srcSet;
  return srcSet
    .split(/,\s*/)
    .map((entry) => uploadAddress(entry, base))
    .join(", ");
}

/** What a page needs to lay an image out before it loads, and its responsive copies. */
export interface ImageInfo {
  width: number;
  height: number;
  /** `url 640w, ...` of the WebP copies; absent when there are none (small or animated images). */
  srcSet?: string;
  /** CSS `object-position` from the file's focal point (media library), for every crop the page makes with `object-fit`. */
  position?: string;
}

/** Files made from an upload, stored beside it: its WebP copies (`-w640.webp`) and its Open Graph crop (`-og500x300.jpg`). */
export const isDerivedUpload = (name: string) => /-(?:w\d+\.webp|og\d{1,4}x\d{1,4}\.jpg)$/.test(name);
