import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { getEnv, type Env } from "~/platform/env.server";

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

function checkedKey(key: string) {
  if (!isStoreKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
  return key;
}

/** Uploads in DATA_DIR/uploads and DATA_DIR/image-info, renamed into place from a dot-file. */
export function localUploadStore(dataDir: string): UploadStore {
  const at = (key: string) => path.join(dataDir, checkedKey(key));
  return {
    kind: "local",
    describe: () => path.join(dataDir, "uploads"),
    async scratchDirectory() {
      // The uploads folder itself, so that storing is a rename on one file system.
      const directory = path.join(dataDir, "uploads");
      await fsp.mkdir(directory, { recursive: true });
      return directory;
    },
    async putFiles(files) {
      const moved: string[] = [];
      try {
        for (const { key, file } of files) {
          await fsp.mkdir(path.dirname(at(key)), { recursive: true });
          await fsp.rename(file, at(key));
          moved.push(at(key));
        }
      } catch (error) {
        await Promise.all([...moved, ...files.map((entry) => entry.file)].map((file) => fsp.rm(file, { force: true })));
        throw error;
      }
    },
    async read(key) {
      try {
        return await fsp.readFile(at(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async open(key) {
      const file = at(key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { status: 200, body: fs.createReadStream(file), size: stat.size, lastModified: stat.mtime };
    },
    async list(prefix) {
      const slash = prefix.indexOf("/");
      const folder = prefix.slice(0, slash);
      const start = prefix.slice(slash + 1);
      if (slash < 0 || !(STORE_FOLDERS as readonly string[]).includes(folder)) throw new Error(`Not an upload prefix: ${prefix}`);
      const directory = path.join(dataDir, folder);
      if (!fs.existsSync(directory)) return [];
      const entries = await fsp.readdir(directory, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && entry.name.startsWith(start))
        .map((entry) => `${folder}/${entry.name}`)
        .sort();
    },
    async download(key, file) {
      // Uploads are never changed in place, so a hard link is a copy that costs nothing.
      await fsp.link(at(key), file).catch(() => fsp.copyFile(at(key), file));
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(at(key), { force: true })));
    },
    async ready() {
      try {
        const directory = path.join(dataDir, "uploads");
        await fsp.mkdir(directory, { recursive: true });
        await fsp.access(directory, fsp.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** The S3 settings of an environment, or undefined when uploads stay on the local disk. */
export function s3SettingsOf(env: Env): S3Settings | undefined {
  if (!env.S3_BUCKET || !env.S3_REGION) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

const missing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
};

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph). The SDK is loaded on
 * first use, so a site on the local disk never loads it. Checks happen on local scratch files in
 * DATA_DIR/.upload-scratch; only checked files are put.
 */
export function s3UploadStore(settings: S3Settings, dataDir: string): UploadStore {
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle ?? false,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
        // Plain signed requests: several S3-compatible servers refuse the SDK's newer
        // streaming checksums, and every object is checked by its SHA-256 in backups.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      }),
    })));
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    describe: () => `s3://${Bucket}`,
    async scratchDirectory() {
      const directory = path.join(dataDir, ".upload-scratch");
      await fsp.mkdir(directory, { recursive: true });
      return directory;
    },
    async putFiles(files) {
      const { s3, sdk } = await connect();
      const put: string[] = [];
      try {
        for (const { key, file, contentType } of files) {
          // Read whole (at most 50 MB, copies far less): a retried request can send it again.
          const body = await fsp.readFile(file);
          await s3.send(
            new sdk.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: contentType, ContentLength: body.length }),
          );
          put.push(key);
        }
      } catch (error) {
        await this.remove(put).catch(() => {});
        throw error;
      } finally {
        await Promise.all(files.map((entry) => fsp.rm(entry.file, { force: true })));
      }
    },
    async read(key) {
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key, options = {}) {
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(
          new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key), Range: options.range, IfNoneMatch: options.ifNoneMatch }),
        );
        return {
          status: object.ContentRange ? 206 : 200,
          body: object.Body as Readable,
          size: object.ContentLength,
          contentRange: object.ContentRange,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) return { status: 304 };
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async list(prefix) {
      const { s3, sdk } = await connect();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isStoreKey(object.Key)) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async download(key, file) {
      const { s3, sdk } = await connect();
      const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      const { pipeline } = await import("node:stream/promises");
      await pipeline(object.Body as Readable, fs.createWriteStream(file, { flags: "wx" }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const { s3, sdk } = await connect();
      for (let start = 0; start < keys.length; start += 1000) {
        const Objects = keys.slice(start, start + 1000).map((key) => ({ Key: checkedKey(key) }));
        await s3.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async ready() {
      try {
        const { s3, sdk } = await connect();
        await s3.send(new sdk.HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The store an environment names: S3 when S3_BUCKET is set, DATA_DIR otherwise. */
export function uploadStoreFor(env: Env): UploadStore {
  const s3 = s3SettingsOf(env);
  return s3 ? s3UploadStore(s3, env.DATA_DIR) : localUploadStore(env.DATA_DIR);
}

let current: { env: Env; store: UploadStore } | undefined;

/** The running site's store, for the environment it started with. */
export function getUploadStore(env: Env = getEnv()): UploadStore {
  if (current?.env !== env) current = { env, store: uploadStoreFor(env) };
  return current.store;
}
