// A site whose uploads are in an S3-compatible bucket (a local S3 server), with one photo uploaded
// through the upload action: shared by the S3 upload and S3 backup tests.
import { createHash } from "node:crypto";
import type { Server } from "node:http";
import { and, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { pageContent } from "~/db/schema";
import { parseEnv, setEnv } from "~/platform/env.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { uploadStoreFor, type UploadStore } from "~/features/uploads/upload-store.server";
import { action } from "~/routes/admin.upload";
import { readiness } from "../../server/ops/readiness";
import { serveUploads } from "../../server/http/uploads";
import { startS3Server, type TestS3Server } from "./s3-server";
import { siteRequest, signUpAndGetCookie, useTestApp, type TestApp, type TestDatabaseKind } from "./test-database";
import { callRoute } from "./settings-routes";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every object of a bucket with its bytes' SHA-256, by key. */
export async function bucketContents(store: UploadStore) {
  const contents: Record<string, string> = {};
  for (const folder of ["uploads", "image-info"]) {
    for (const key of await store.list(`${folder}/`)) contents[key] = sha256((await store.read(key))!);
  }
  return contents;
}

/** One Express app serving /uploads from a store, as the site does, with the site's not-found answer after it. */
export async function uploadServer(store: UploadStore, dataDir: string) {
  const app = express();
  app.get("/readyz", readiness(store));
  app.use("/uploads", serveUploads(store, uploadsDirectory(dataDir)));
  app.use((_req, res) => {
    res.status(404).send("not found");
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const address = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A 1000x600 PNG: big enough for WebP copies at 320, 640, 960 and full width. */
const photo = () =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export interface S3Site {
  app: TestApp;
  s3: TestS3Server;
  store: UploadStore;
  admin: string;
  uploaded: { url: string; fileName: string; bytes: Buffer };
  /** A content row, or undefined. */
  row(page: string, section: string): Promise<typeof pageContent.$inferSelect | undefined>;
}

/**
 * Starts the S3 server, points the site's environment at it, signs an administrator up and
 * uploads the photo as the home page's hero image. Call at the top of a describe block; the
 * fields are set once its beforeAll has run.
 */
export function useS3Site(kind: TestDatabaseKind): S3Site {
  const app = useTestApp(kind);
  const site = {
    app,
    row: async (page: string, section: string) =>
      (
        await app.handle.db
          .select()
          .from(pageContent)
          .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
      )[0],
  } as S3Site;
  beforeAll(async () => {
    site.s3 = await startS3Server();
    app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...site.s3.env });
    setEnv(app.env);
    site.store = uploadStoreFor(app.env);
    site.admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    const bytes = await photo();
    const answer = await callRoute(
      action,
      siteRequest("/admin/upload?page=home&section=hero_image", { method: "POST", body: bytes, cookie: site.admin }),
    );
    expect(answer.status).toBe(200);
    const url = answer.body.url as string;
    site.uploaded = { url, fileName: url.replace("/uploads/", ""), bytes };
  }, 60_000);
  afterAll(async () => {
    await site.s3?.stop();
  });
  return site;
}
