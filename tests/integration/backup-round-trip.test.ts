import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup, RestoreError } from "~/features/backup/restore-backup.server";
import { openDatabase } from "~/platform/db.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { editArchive, emptyPostgresDatabase, folderContents, tableContents, temporaryDirectory } from "../support/backup-archives";
import { tinyImages } from "../support/images";
import { signUpAndGetCookie, useTestApp } from "../support/test-database";

const serverUrl = process.env.TEST_DATABASE_URL;

async function contentsOf(options: { databaseUrl?: string; dataDir: string }) {
  const handle = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir });
  try {
    return { tables: await tableContents(handle.db), files: await siteFiles(options.dataDir) };
  } finally {
    await handle.close();
  }
}

/** The uploads and their derived files, by folder. */
const siteFiles = async (dataDir: string) => ({
  uploads: await folderContents(path.join(dataDir, "uploads")),
  imageInfo: await folderContents(path.join(dataDir, "image-info")),
});

describe.skipIf(!serverUrl)("embedded database → backup → PostgreSQL → backup → embedded database", () => {
  const app = useTestApp("pglite");
  const databases: { drop(): Promise<void> }[] = [];
  let source: Awaited<ReturnType<typeof contentsOf>>;
  let fromPglite: string;
  beforeAll(async () => {
    await signUpAndGetCookie(app.auth, "admin@example.com");
    await signUpAndGetCookie(app.auth, "editor@example.com");
    await app.handle.db.insert(pageContent).values([
      { pageName: "home", sectionName: "hero_title", contentValue: 'Заголовок «ёлка» "quoted" \\ backslash\nnew line\ttab 😀' },
      {
        pageName: "terms",
        sectionName: "page_content",
        contentType: "rich_text",
        contentValue: "<p>Terms</p>",
        richContent: { ops: [{ insert: "Terms\n", attributes: { bold: true } }] },
      },
    ]);
    for (const key of ["about_image", "hero_image"]) {
      const stored = await storeUpload(Readable.from([key === "about_image" ? tinyImages.png : tinyImages.jpg]), {
        actor: null,
        dataDir: app.env.DATA_DIR,
        settingKey: key,
      });
      await app.handle.db
        .insert(pageContent)
        .values({ pageName: "home", sectionName: key, contentType: "image", contentValue: stored.url });
    }
    await recordEvent(app.handle.db, {
      kind: "content.update",
      area: "content",
      target: "home/hero_title",
      details: { before: "a", after: "b", nested: [1, 2.5, null] },
    });
    source = { tables: await tableContents(app.handle.db), files: await siteFiles(app.env.DATA_DIR) };
    fromPglite = path.join(temporaryDirectory("round-trip"), "from-pglite.tar.gz");
    await createBackup({ db: app.handle.db, source: "pglite", dataDir: app.env.DATA_DIR, outFile: fromPglite });
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it("arrives with every table and every file identical, both ways", async () => {
    expect(source.tables.user).toHaveLength(2);
    expect(Object.keys(source.files.uploads).length).toBeGreaterThan(2);
    expect(Object.keys(source.files.imageInfo)).toHaveLength(2);

    const postgres = await emptyPostgresDatabase("site_restore");
    databases.push(postgres);
    const postgresDataDir = temporaryDirectory("postgres-site");
    await restoreBackup({ actor: null, file: fromPglite, dataDir: postgresDataDir, databaseUrl: postgres.url });
    expect(await contentsOf({ databaseUrl: postgres.url, dataDir: postgresDataDir })).toEqual(source);

    const fromPostgres = path.join(temporaryDirectory("round-trip"), "from-postgres.tar.gz");
    const handle = await openDatabase({ databaseUrl: postgres.url });
    const backup = await createBackup({ db: handle.db, source: "postgres", dataDir: postgresDataDir, outFile: fromPostgres });
    await handle.close();
    expect(backup.manifest.database.source).toBe("postgres");

    const embeddedDataDir = temporaryDirectory("embedded-again");
    await restoreBackup({ actor: null, file: fromPostgres, dataDir: embeddedDataDir });
    expect(await contentsOf({ dataDir: embeddedDataDir })).toEqual(source);
  });

  it("refuses a PostgreSQL database that holds a site unless forced, and a failed load changes nothing", async () => {
    const postgres = await emptyPostgresDatabase("site_restore");
    databases.push(postgres);
    const dataDir = temporaryDirectory("postgres-force");
    await restoreBackup({ actor: null, file: fromPglite, dataDir, databaseUrl: postgres.url });
    await expect(
      restoreBackup({ actor: null, file: fromPglite, dataDir: temporaryDirectory("other"), databaseUrl: postgres.url }),
    ).rejects.toThrow(/already holds a site/);
    const before = await contentsOf({ databaseUrl: postgres.url, dataDir });

    const broken = await editArchive(
      fromPglite,
      path.join(temporaryDirectory("broken"), "broken.tar.gz"),
      (directory) => {
        const file = path.join(directory, "database/page_content.jsonl");
        fs.appendFileSync(file, '{"id": 1000, "page_name": null}\n');
      },
      true,
    );
    const error = await restoreBackup({ actor: null, file: broken, dataDir, databaseUrl: postgres.url, force: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RestoreError);
    expect(await contentsOf({ databaseUrl: postgres.url, dataDir })).toEqual(before);

    await restoreBackup({ actor: null, file: fromPglite, dataDir, databaseUrl: postgres.url, force: true });
    expect(await contentsOf({ databaseUrl: postgres.url, dataDir })).toEqual(source);
  });
});
