import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "~/platform/env.server";
import { checkedKey, isStoreKey, type OpenedObject, type StoredObject, type StoreFile, type UploadStore } from "./upload-store-contract";

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

type Connection = { s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") };

/** A client made on first use: the SDK is loaded then, so a site on the local disk never loads it. */
function lazyClient(settings: S3Settings): () => Promise<Connection> {
  let client: Promise<Connection> | undefined;
  return () =>
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
}

/** Puts the files in order; returns the keys put before a failure along with the error, if any. */
async function putEach({ s3, sdk }: Connection, Bucket: string, files: StoreFile[]): Promise<{ put: string[]; error?: unknown }> {
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
    return { put };
  } catch (error) {
    return { put, error };
  }
}

async function openObject(
  { s3, sdk }: Connection,
  Bucket: string,
  key: string,
  options: { range?: string; ifNoneMatch?: string },
): Promise<OpenedObject | undefined> {
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
}

async function listObjects({ s3, sdk }: Connection, Bucket: string, prefix: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    for (const object of page.Contents ?? [])
      if (object.Key && isStoreKey(object.Key))
        objects.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph). The SDK is loaded on
 * first use, so a site on the local disk never loads it. Checks happen on local scratch files in
 * DATA_DIR/.upload-scratch; only checked files are put.
 */
export function s3UploadStore(settings: S3Settings, dataDir: string): UploadStore {
  const connect = lazyClient(settings);
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
      const connection = await connect();
      try {
        const { put, error } = await putEach(connection, Bucket, files);
        if (error !== undefined) {
          await this.remove(put).catch(() => {});
          throw error;
        }
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
    open: async (key, options = {}) => openObject(await connect(), Bucket, key, options),
    list: async (prefix) => (await listObjects(await connect(), Bucket, prefix)).map((object) => object.key),
    listDetails: async (prefix) => listObjects(await connect(), Bucket, prefix),
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
