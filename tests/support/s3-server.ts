import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// s3rver ships no types; only what is used here is named.
// @ts-expect-error -- untyped CommonJS package
import S3rver from "s3rver";

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables of a site using this bucket (path-style addressing). */
  env: Record<string, string>;
  /** Another empty bucket on the same server, with its S3_* variables. */
  createBucket(name?: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

// s3rver checks signatures against its one built-in key pair.
const ACCESS_KEY = "S3RVER";

/**
 * A real S3-compatible server (s3rver: the S3 REST API over files in a temporary folder) on a
 * free loopback port, with one empty bucket. Stop it after the test; its files go with it.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  // The SDK's one-time notice that its releases after January 2027 need Node 22 (here and in servers started from here).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
  }) as S3rverInstance;
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const envOf = (bucket: string) => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  });
  const createBucket = async (name = `site-${randomBytes(4).toString("hex")}`) => {
    const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      endpoint,
      region,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    });
    await client.send(new CreateBucketCommand({ Bucket: name }));
    client.destroy();
    return envOf(name);
  };
  const bucket = options.bucket ?? "site-uploads";
  await createBucket(bucket);
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    env: envOf(bucket),
    createBucket,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
