/**
 * The bytes of recently served uploads from object storage, newest use last, within a byte
 * budget. Upload names never change and an object is never rewritten under its name, so an
 * entry never goes stale: it only leaves to make room.
 */
export interface CachedObject {
  body: Buffer;
  etag?: string;
  lastModified?: Date;
}

export function createUploadCache(options: { maxBytes: number; maxObjectBytes: number }) {
  const entries = new Map<string, CachedObject>();
  let bytes = 0;
  return {
    get(key: string) {
      const entry = entries.get(key);
      if (entry) {
        // Map order is insertion order: moving it to the end marks it used.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    /** Whether an object of this size would be kept. */
    fits: (size: number | undefined) => size !== undefined && size <= options.maxObjectBytes && size <= options.maxBytes,
    set(key: string, entry: CachedObject) {
      if (entry.body.length > options.maxObjectBytes || entries.has(key)) return;
      entries.set(key, entry);
      bytes += entry.body.length;
      for (const [oldest, old] of entries) {
        if (bytes <= options.maxBytes) break;
        entries.delete(oldest);
        bytes -= old.body.length;
      }
    },
    get bytes() {
      return bytes;
    },
  };
}
