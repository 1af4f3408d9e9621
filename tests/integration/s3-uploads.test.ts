import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "~/platform/env.server";
import { describeUpload } from "~/features/uploads/images.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { localUploadStore, s3SettingsOf, s3UploadStore, type UploadStore } from "~/features/uploads/upload-store.server";
import { action } from "~/routes/admin.upload";
import { folderContents, temporaryDirectory } from "../support/backup-archives";
import { tinyImages } from "../support/images";
import { bucketContents, uploadServer, useS3Site, type S3Site } from "../support/s3-site";
import type { TestS3Server } from "../support/s3-server";
import { siteRequest, onEmbeddedDatabase } from "../support/test-database";
import { callRoute } from "../support/settings-routes";

// Backups of a site whose uploads are in a bucket: s3-backups.test.ts.
describe.each(onEmbeddedDatabase)("uploads in S3-compatible object storage on %s", (kind) => {
  const site = useS3Site(kind);
  const { app, row } = site;
  let store: UploadStore;
  let admin: string;
  let uploaded: S3Site["uploaded"];
  let s3: TestS3Server;
  beforeAll(() => {
    ({ store, admin, uploaded, s3 } = site);
  });

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
      siteRequest("/admin/upload?page=global&section=header_logo_url", {
        method: "POST",
        body: "<svg onload=alert(1)></svg>",
        cookie: admin,
      }),
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
      const compared = [
        "content-type",
        "content-length",
        "cache-control",
        "x-content-type-options",
        "content-security-policy",
        "accept-ranges",
      ];
      const [bucketAnswer, diskAnswer] = await Promise.all([
        fetch(`${fromBucket.origin}${uploaded.url}`),
        fetch(`${fromDisk.origin}${uploaded.url}`),
      ]);
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
      const revalidated = await fetch(`${fromBucket.origin}${uploaded.url}`, {
        headers: { "if-none-match": bucketAnswer.headers.get("etag")! },
      });
      expect(revalidated.status).toBe(304);
      const head = await fetch(`${fromBucket.origin}${uploaded.url}`, { method: "HEAD" });
      expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(uploaded.bytes.length), ""]);
      const range = await fetch(`${fromBucket.origin}${uploaded.url}`, { headers: { range: "bytes=0-7" } });
      expect([range.status, range.headers.get("content-range")]).toEqual([206, `bytes 0-7/${uploaded.bytes.length}`]);
      expect(Buffer.from(await range.arrayBuffer()).equals(uploaded.bytes.subarray(0, 8))).toBe(true);

      for (const missing of ["/uploads/hero_image_1.png", "/uploads/.upload-x", "/uploads/..%2Fimage-info%2Fa.json", "/uploads/a/b.png"]) {
        const [bucketMissing, diskMissing] = await Promise.all([
          fetch(`${fromBucket.origin}${missing}`),
          fetch(`${fromDisk.origin}${missing}`),
        ]);
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
      for (const name of [
        "content-type",
        "content-length",
        "cache-control",
        "etag",
        "last-modified",
        "x-content-type-options",
        "content-security-policy",
      ]) {
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
    const gone = await uploadServer(
      s3UploadStore({ ...s3SettingsOf(app.env)!, bucket: "no-such-bucket" }, app.env.DATA_DIR),
      app.env.DATA_DIR,
    );
    try {
      expect(await (await fetch(`${ready.origin}/readyz`)).json()).toMatchObject({ status: "ready", storage: "ok" });
      const answer = await fetch(`${gone.origin}/readyz`);
      expect([answer.status, await answer.json()]).toEqual([503, { status: "not ready", database: "ok", storage: "unavailable" }]);
    } finally {
      await ready.close();
      await gone.close();
    }
  });
});
