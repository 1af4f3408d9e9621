// The upload store a site uses, chosen from its environment: the local disk (local-store.server.ts)
// or an S3-compatible bucket (s3-store.server.ts). What a store is and which keys it takes:
// upload-store-contract.ts.
import { getEnv, type Env } from "~/platform/env.server";
import { localUploadStore } from "./local-store.server";
import { s3SettingsOf, s3UploadStore } from "./s3-store.server";
import type { UploadStore } from "./upload-store-contract";

export { isStoreKey, STORE_FOLDERS, type OpenedObject, type StoredObject, type StoreFile, type UploadStore } from "./upload-store-contract";
export { localUploadStore } from "./local-store.server";
export { s3SettingsOf, s3UploadStore, type S3Settings } from "./s3-store.server";

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
