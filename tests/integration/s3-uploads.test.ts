import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { openDatabase } from "~/platform/db.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { describeUpload } from "~/features/uploads/images.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { localUploadStore, s3SettingsOf, s3UploadStore, uploadStoreFor, type UploadStore } from "~/features/uploads/upload-store.server";
import { action } from "~/routes/admin.upload";
import { readiness } from "../../server/ops/readiness";
import { serveUploads } from "../../server/http/uploads";
import { editArchive, emptyPostgresDatabase, folderContents, temporaryDirectory } from "../support/backup-archives";
import { tinyImages } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { siteRequest, signUpAndGetCookie, testDatabaseKinds, useTestApp } from "../support/test-database";
import { callRoute } from "../support/settings-routes";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every object of a bucket with its bytes' SHA-256, by key. */
async function bucketContents(store: UploadStore) {
  const contents: Record<string, string> = {};
  for (const folder of ["uploads", "image-info"]) {
    for (const key of await store.list(`${folder}/`)) contents[key] = sha256((await store.read(key))!);
  }
  return contents;
}

/** One Express app serving /uploads from a store, as the site does, with the site's not-found answer after it. */
async function uploadServer(store: UploadStore, dataDir: string) {
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

describe.each(testDatabaseKinds)("uploads in S3-compatible object storage on %s", (kind) => {
  const app = useTestApp(kind);
  let s3: TestS3Server;
  let store: UploadStore;
  let admin: string;
  let uploaded: { url: string; fileName: string; bytes: Buffer };
  beforeAll(async () => {
    s3 = await startS3Server();
    app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env });
    setEnv(app.env);
    store = uploadStoreFor(app.env);
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    const bytes = await photo();
    const answer = await callRoute(
      action,
      siteRequest("/admin/upload?page=home&section=hero_image", { method: "POST", body: bytes, cookie: admin }),
    );
    expect(answer.status).toBe(200);
    const url = answer.body.url as string;
    uploaded = { url, fileName: url.replace("/uploads/", ""), bytes };
  }, 60_000);
  afterAll(async () => {
    await s3?.stop();
  });

  const row = async (page: string, section: string) =>
    (await app.handle.db.select().from(pageContent).where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section))))[0];

  it("puts the upload, its WebP copies and its size into the bucket, and nothing into DATA_DIR", async () => {
    expect(store.kind).toBe("s3");
    const base = uploaded.fileName.replace(/\.png$/, "");
    expect(Object.keys(await bucketContents(store)).sort()).toEqual(
      [
        `image-info/${uploaded.fileName}.json`,
        `uploads/${base}-w1000.webp`,
        `uploads/${base}-w320.webp`,
        `uploads/${base}-w640.webp`,
        `uploads/${base}-w960.webp`,
        `uploads/${uploaded.fileName}`,
      ].sort(),
    );
    expect((await store.read(`uploads/${uploaded.fileName}`))!.equals(uploaded.bytes)).toBe(true);
    expect(fs.existsSync(uploadsDirectory(app.env.DATA_DIR))).toBe(false);
    expect(await folderContents(path.join(app.env.DATA_DIR, ".upload-scratch"))).toEqual({});
    expect((await row("home", "hero_image"))?.contentValue).toBe(uploaded.url);
    // The page reads its size and srcset from the bucket.
    expect(await describeUpload(uploaded.url, store)).toEqual({
      width: 1000,
      height: 600,
      srcSet: `/uploads/${base}-w320.webp 320w, /uploads/${base}-w640.webp 640w, /uploads/${base}-w960.webp 960w, /uploads/${base}-w1000.webp 1000w`,
    });
  });

  it("leaves nothing in the bucket and no row for a file that is not an image or does not decode", async () => {
    const before = await bucketContents(store);
    const notImage = await callRoute(
      action,
      siteRequest("/admin/upload?page=global&section=header_logo_url", { method: "POST", body: "<svg onload=alert(1)></svg>", cookie: admin }),
    );
    expect(notImage.status).toBe(415);
    const broken = Buffer.concat([tinyImages.png.subarray(0, 40), Buffer.alloc(40)]);
    const undecodable = await callRoute(
      action,
      siteRequest("/admin/upload?page=global&section=header_logo_url", { method: "POST", body: broken, cookie: admin }),
    );
    expect(undecodable.status).toBe(415);
    expect(await bucketContents(store)).toEqual(before);
    expect(await row("global", "header_logo_url")).toBeUndefined();
    expect(await folderContents(path.join(app.env.DATA_DIR, ".upload-scratch"))).toEqual({});
  });

  it("answers 503 with a message, keeps no row and no scratch file when the bucket refuses the upload", async () => {
    const env = app.env;
    setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: env.DATA_DIR, PORT: "3000", ...s3.env, S3_BUCKET: "no-such-bucket" }));
    try {
      const answer = await callRoute(
        action,
        siteRequest("/admin/upload?page=global&section=favicon_url", { method: "POST", body: tinyImages.png, cookie: admin }),
      );
      expect(answer).toEqual({ status: 503, body: { message: "The image could not be stored right now. Please try again in a moment." } });
    } finally {
      setEnv(env);
    }
    expect(await row("global", "favicon_url")).toBeUndefined();
    expect(await folderContents(path.join(app.env.DATA_DIR, ".upload-scratch"))).toEqual({});
  });

  it("serves uploads from the bucket with the same headers as from the disk; a missing one is a 404", async () => {
    const localDataDir = temporaryDirectory("local-uploads");
    fs.mkdirSync(uploadsDirectory(localDataDir));
    fs.writeFileSync(path.join(uploadsDirectory(localDataDir), uploaded.fileName), uploaded.bytes);
    const fromBucket = await uploadServer(store, app.env.DATA_DIR);
    const fromDisk = await uploadServer(localUploadStore(localDataDir), localDataDir);
    try {
      const compared = ["content-type", "content-length", "cache-control", "x-content-type-options", "content-security-policy", "accept-ranges"];
      const [bucketAnswer, diskAnswer] = await Promise.all([fetch(`${fromBucket.origin}${uploaded.url}`), fetch(`${fromDisk.origin}${uploaded.url}`)]);
      expect(bucketAnswer.status).toBe(200);
      expect(Buffer.from(await bucketAnswer.arrayBuffer()).equals(uploaded.bytes)).toBe(true);
      expect(Object.fromEntries(compared.map((name) => [name, bucketAnswer.headers.get(name)]))).toEqual(
        Object.fromEntries(compared.map((name) => [name, diskAnswer.headers.get(name)])),
      );
      expect(bucketAnswer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(bucketAnswer.headers.get("content-type")).toBe("image/png");
      expect(bucketAnswer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(bucketAnswer.headers.get("etag")).toBeTruthy();
      expect(bucketAnswer.headers.get("last-modified")).toBeTruthy();

      const copy = await fetch(`${fromBucket.origin}/uploads/${uploaded.fileName.replace(/\.png$/, "-w320.webp")}`);
      expect([copy.status, copy.headers.get("content-type")]).toEqual([200, "image/webp"]);
      await copy.arrayBuffer();

      // Revalidation, HEAD and a range, as the disk answers them.
      const revalidated = await fetch(`${fromBucket.origin}${uploaded.url}`, { headers: { "if-none-match": bucketAnswer.headers.get("etag")! } });
      expect(revalidated.status).toBe(304);
      const head = await fetch(`${fromBucket.origin}${uploaded.url}`, { method: "HEAD" });
      expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(uploaded.bytes.length), ""]);
      const range = await fetch(`${fromBucket.origin}${uploaded.url}`, { headers: { range: "bytes=0-7" } });
      expect([range.status, range.headers.get("content-range")]).toEqual([206, `bytes 0-7/${uploaded.bytes.length}`]);
      expect(Buffer.from(await range.arrayBuffer()).equals(uploaded.bytes.subarray(0, 8))).toBe(true);

      for (const missing of ["/uploads/hero_image_1.png", "/uploads/.upload-x", "/uploads/..%2Fimage-info%2Fa.json", "/uploads/a/b.png"]) {
        const [bucketMissing, diskMissing] = await Promise.all([fetch(`${fromBucket.origin}${missing}`), fetch(`${fromDisk.origin}${missing}`)]);
        expect([missing, bucketMissing.status]).toEqual([missing, 404]);
        expect([missing, diskMissing.status]).toEqual([missing, 404]);
      }
      // Image info is never served.
      expect((await fetch(`${fromBucket.origin}/uploads/../image-info/${uploaded.fileName}.json`)).status).toBe(404);
    } finally {
      await fromBucket.close();
      await fromDisk.close();
    }
  });

  it("keeps small uploads it served from the bucket in memory: the next answer needs no request to the bucket", async () => {
    const site = await uploadServer(store, app.env.DATA_DIR);
    const copy = `/uploads/${uploaded.fileName.replace(/\.png$/, "-w640.webp")}`;
    try {
      const first = await fetch(`${site.origin}${copy}`);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(first.status).toBe(200);
      // Gone from the bucket (as if the bucket were unreachable): the kept copy answers, headers and all.
      await store.remove([copy.slice(1)]);
      const second = await fetch(`${site.origin}${copy}`);
      expect(second.status).toBe(200);
      expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
      for (const name of ["content-type", "content-length", "cache-control", "etag", "last-modified", "x-content-type-options", "content-security-policy"]) {
        expect([name, second.headers.get(name)]).toEqual([name, first.headers.get(name)]);
      }
      const revalidated = await fetch(`${site.origin}${copy}`, { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(revalidated.status).toBe(304);
      // A range is always asked of the bucket.
      expect((await fetch(`${site.origin}${copy}`, { headers: { range: "bytes=0-3" } })).status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it("is ready while the bucket answers, and not ready when it does not", async () => {
    const ready = await uploadServer(store, app.env.DATA_DIR);
    const gone = await uploadServer(s3UploadStore({ ...s3SettingsOf(app.env)!, bucket: "no-such-bucket" }, app.env.DATA_DIR), app.env.DATA_DIR);
    try {
      expect(await (await fetch(`${ready.origin}/readyz`)).json()).toMatchObject({ status: "ready", storage: "ok" });
      const answer = await fetch(`${gone.origin}/readyz`);
      expect([answer.status, await answer.json()]).toEqual([503, { status: "not ready", database: "ok", storage: "unavailable" }]);
    } finally {
      await ready.close();
      await gone.close();
    }
  });

  describe("backups", () => {
    let archive: string;
    let objects: Record<string, string>;
    beforeAll(async () => {
      archive = path.join(temporaryDirectory("s3-backup"), "site.tar.gz");
      objects = await bucketContents(store);
      const backup = await createBackup({ db: app.handle.db, source: app.handle.kind, dataDir: app.env.DATA_DIR, outFile: archive, store });
      expect(backup.manifest.files).toMatchObject({ count: Object.keys(objects).length, storage: "s3" });
    });

    it("hold every object of the bucket with its checksum", async () => {
      const { manifest } = await createBackup({
        db: app.handle.db,
        source: app.handle.kind,
        dataDir: app.env.DATA_DIR,
        outFile: path.join(temporaryDirectory("s3-backup-again"), "site.tar.gz"),
        store,
      });
      const members = Object.fromEntries(manifest.members.filter((member) => member.path.startsWith("files/")).map((member) => [member.path.slice(6), member.sha256]));
      expect(members).toEqual(objects);
    });

    it("restore into a site whose uploads are in another bucket, refusing a bucket that holds uploads", async () => {
      const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("s3-restore"), ...(await s3.createBucket()) }));
      const dataDir = temporaryDirectory("s3-restore-data");
      await restoreBackup({ file: archive, dataDir, store: target });
      expect(await bucketContents(target)).toEqual(objects);
      expect(fs.existsSync(uploadsDirectory(dataDir))).toBe(false);
      const restored = await openDatabase({ dataDir });
      try {
        const [value] = await restored.db
          .select({ value: pageContent.contentValue })
          .from(pageContent)
          .where(and(eq(pageContent.pageName, "home"), eq(pageContent.sectionName, "hero_image")));
        expect(value?.value).toBe(uploaded.url);
      } finally {
        await restored.close();
      }
      // The bucket now holds a site's uploads: another restore needs --force.
      await expect(restoreBackup({ file: archive, dataDir: temporaryDirectory("s3-restore-other"), store: target })).rejects.toThrow(
        /S3 bucket s3:\/\/site-[0-9a-f]+ already holds a site.*--force/,
      );
    });

    it("restore onto the local disk of a site without S3, and back into a bucket", async () => {
      const dataDir = temporaryDirectory("s3-to-disk");
      await restoreBackup({ file: archive, dataDir });
      const onDisk = await bucketContents(localUploadStore(dataDir));
      expect(onDisk).toEqual(objects);

      // An archive of that local site restores into a bucket again.
      const handle = await openDatabase({ dataDir });
      const fromDisk = path.join(temporaryDirectory("disk-backup"), "site.tar.gz");
      try {
        const backup = await createBackup({ db: handle.db, source: "pglite", dataDir, outFile: fromDisk });
        expect(backup.manifest.files.storage).toBe("local");
      } finally {
        await handle.close();
      }
      const target = uploadStoreFor(parseEnv({ DATA_DIR: dataDir, ...(await s3.createBucket()) }));
      await restoreBackup({ file: fromDisk, dataDir: temporaryDirectory("disk-to-s3"), store: target });
      expect(await bucketContents(target)).toEqual(objects);
    });

    it("leave the bucket as it was when the restore fails", async () => {
      const broken = await editArchive(archive, path.join(temporaryDirectory("s3-broken"), "broken.tar.gz"), (directory) => {
        fs.writeFileSync(path.join(directory, "database/page_content.jsonl"), '{"id": 1, "page_name": null}\n');
      }, true);
      const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("s3-broken-target"), ...(await s3.createBucket()) }));
      await expect(restoreBackup({ file: broken, dataDir: temporaryDirectory("s3-broken-data"), store: target })).rejects.toThrow(/null value/);
      expect(await bucketContents(target)).toEqual({});
    });

    it("put all of a restore's or an upload's objects or none: one that cannot be put removes those put before it", async () => {
      const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("s3-partial"), ...(await s3.createBucket()) }));
      const scratch = await target.scratchDirectory();
      fs.writeFileSync(path.join(scratch, ".variant-1"), "copy");
      await expect(
        target.putFiles([
          { key: "uploads/logo_1-w320.webp", file: path.join(scratch, ".variant-1"), contentType: "image/webp" },
          { key: "uploads/logo_1.png", file: path.join(scratch, ".upload-gone"), contentType: "image/png" },
        ]),
      ).rejects.toMatchObject({ code: "ENOENT", path: path.join(scratch, ".upload-gone") });
      expect(await bucketContents(target)).toEqual({});
      expect(fs.readdirSync(scratch)).toEqual([]);
    });

    it.skipIf(kind !== "postgres")("restore into an empty PostgreSQL database with the uploads in a bucket", async () => {
      const database = await emptyPostgresDatabase("site_s3");
      try {
        const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("pg-s3"), ...(await s3.createBucket()) }));
        await restoreBackup({ file: archive, dataDir: temporaryDirectory("pg-s3-data"), databaseUrl: database.url, store: target });
        expect(await bucketContents(target)).toEqual(objects);
        const restored = await openDatabase({ databaseUrl: database.url });
        try {
          const rows = await restored.db.select().from(pageContent).where(eq(pageContent.sectionName, "hero_image"));
          expect(rows.map((entry) => entry.contentValue)).toEqual([uploaded.url]);
        } finally {
          await restored.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
});
