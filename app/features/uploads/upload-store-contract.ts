import type { Readable } from "node:stream";

/**
 * Where uploads live: the keys are `uploads/<name>` (the image and its WebP copies, served at
 * `/uploads/<name>`) and `image-info/<name>.json` (its size and srcset, never served). On the
 * local disk a key is a path under DATA_DIR; in S3-compatible object storage it is the object's
 * key in S3_BUCKET. Callers (uploads, image info, serving, readiness, backups) see only this.
 */
export interface UploadStore {
  kind: "local" | "s3";
  /** Human-readable place, for logs and messages: a folder or `s3://bucket`. */
  describe(): string;
  /**
   * A local folder where an upload is written and checked before it is stored; files there whose
   * names start with a dot are never served nor backed up.
   */
  scratchDirectory(): Promise<string>;
  /**
   * Stores checked local files under their keys, in the order given (the original last, so an
   * upload is never visible before its copies), and removes the local files. All or nothing:
   * when one cannot be stored, those already stored are removed again and the error is thrown.
   */
  putFiles(files: StoreFile[]): Promise<void>;
  /** A small object's bytes (image info), or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** An object to send, or undefined when there is none. */
  open(key: string, options?: { range?: string; ifNoneMatch?: string }): Promise<OpenedObject | undefined>;
  /** Keys under a prefix such as `uploads/`, without dot-files (uploads still being written). */
  list(prefix: string): Promise<string[]>;
  /** Like list, with each object's size in bytes and when it was stored (the media library). */
  listDetails(prefix: string): Promise<StoredObject[]>;
  /** Copies an object to a local file (backups). */
  download(key: string, file: string): Promise<void>;
  /** Removes objects; missing ones are fine. */
  remove(keys: string[]): Promise<void>;
  /** Whether the store takes writes now (readiness). */
  ready(): Promise<boolean>;
}

export interface StoreFile {
  key: string;
  file: string;
  contentType: string;
}

export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

export interface OpenedObject {
  status: 200 | 206 | 304;
  body?: Readable;
  size?: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
}

/** The folders (and key prefixes) that hold uploads and their info. */
export const STORE_FOLDERS = ["uploads", "image-info"] as const;

const KEY = /^(uploads|image-info)\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/;

/** Keys are made by the site; anything else (`..`, slashes, dot-files) is refused. */
export function isStoreKey(key: string) {
  return KEY.test(key) && !key.includes("..");
}

/** The key itself, after checking it is one (a path or object key built from anything else is refused). */
export function checkedKey(key: string) {
  if (!isStoreKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
  return key;
}
