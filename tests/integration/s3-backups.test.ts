import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { openDatabase } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { localUploadStore, uploadStoreFor, type UploadStore } from "~/features/uploads/upload-store.server";
import { editArchive, emptyPostgresDatabase, temporaryDirectory } from "../support/backup-archives";
import { bucketContents, useS3Site, type S3Site } from "../support/s3-site";
import type { TestS3Server } from "../support/s3-server";
import { onBothDatabases } from "../support/test-database";

describe.each(onBothDatabases)("uploads in S3-compatible object storage on %s", (kind) => {
  const site = useS3Site(kind);
  const { app } = site;
  let store: UploadStore;
  let uploaded: S3Site["uploaded"];
  let s3: TestS3Server;
  beforeAll(() => {
    ({ store, uploaded, s3 } = site);
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
      const members = Object.fromEntries(
        manifest.members.filter((member) => member.path.startsWith("files/")).map((member) => [member.path.slice(6), member.sha256]),
      );
      expect(members).toEqual(objects);
    });

    it("restore into a site whose uploads are in another bucket, refusing a bucket that holds uploads", async () => {
      const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("s3-restore"), ...(await s3.createBucket()) }));
      const dataDir = temporaryDirectory("s3-restore-data");
      await restoreBackup({ actor: null, file: archive, dataDir, store: target });
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
      await expect(
        restoreBackup({ actor: null, file: archive, dataDir: temporaryDirectory("s3-restore-other"), store: target }),
      ).rejects.toThrow(/S3 bucket s3:\/\/site-[0-9a-f]+ already holds a site.*--force/);
    });

    it("restore onto the local disk of a site without S3, and back into a bucket", async () => {
      const dataDir = temporaryDirectory("s3-to-disk");
      await restoreBackup({ actor: null, file: archive, dataDir });
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
      await restoreBackup({ actor: null, file: fromDisk, dataDir: temporaryDirectory("disk-to-s3"), store: target });
      expect(await bucketContents(target)).toEqual(objects);
    });

    it("leave the bucket as it was when the restore fails", async () => {
      const broken = await editArchive(
        archive,
        path.join(temporaryDirectory("s3-broken"), "broken.tar.gz"),
        (directory) => {
          fs.writeFileSync(path.join(directory, "database/page_content.jsonl"), '{"id": 1, "page_name": null}\n');
        },
        true,
      );
      const target = uploadStoreFor(parseEnv({ DATA_DIR: temporaryDirectory("s3-broken-target"), ...(await s3.createBucket()) }));
      await expect(
        restoreBackup({ actor: null, file: broken, dataDir: temporaryDirectory("s3-broken-data"), store: target }),
      ).rejects.toThrow(/null value/);
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
        await restoreBackup({
          actor: null,
          file: archive,
          dataDir: temporaryDirectory("pg-s3-data"),
          databaseUrl: database.url,
          store: target,
        });
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
