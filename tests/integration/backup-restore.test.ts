import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import * as tar from "tar";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, pageContent } from "~/db/schema";
import { ArchiveError } from "~/features/backup/archive.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup, RestoreError } from "~/features/backup/restore-backup.server";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { defaultMigrationsFolder, openDatabase } from "~/platform/db.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { editArchive, folderContents, forgeArchive, tableContents, temporaryDirectory } from "../support/backup-archives";
import { tinyImages } from "../support/images";
import { signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";

/** Restores into a fresh embedded DATA_DIR and returns what it holds. */
async function restoreIntoNewDirectory(file: string, force = false, dataDir = temporaryDirectory("restored")) {
  await restoreBackup({ actor: null, file, dataDir, force });
  const handle = await openDatabase({ dataDir });
  try {
    return { dataDir, tables: await tableContents(handle.db), uploads: await folderContents(path.join(dataDir, "uploads")) };
  } finally {
    await handle.close();
  }
}

describe.each(onBothDatabases)("backup and restore on %s", (kind) => {
  const app = useTestApp(kind);
  let archive: string;
  beforeAll(async () => {
    await signUpAndGetCookie(app.auth, "admin@example.com");
    await app.handle.db.insert(pageContent).values([
      { pageName: "home", sectionName: "hero_title", contentValue: 'Stored title «ёлка» "quoted"\nline' },
      {
        pageName: "terms",
        sectionName: "page_content",
        contentType: "rich_text",
        contentValue: "<p>Terms</p>",
        richContent: { ops: [{ insert: "Terms\n" }] },
      },
    ]);
    const stored = await storeUpload(Readable.from([tinyImages.png]), {
      actor: null,
      dataDir: app.env.DATA_DIR,
      settingKey: "about_image",
    });
    await app.handle.db
      .insert(pageContent)
      .values({ pageName: "home", sectionName: "about_image", contentType: "image", contentValue: stored.url });
    archive = path.join(temporaryDirectory("backups"), "site.tar.gz");
    await createBackup({ db: app.handle.db, source: app.handle.kind, dataDir: app.env.DATA_DIR, outFile: archive });
  });

  it("writes one archive with a manifest that checks every member and says what it holds", async () => {
    const names: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => names.push(entry.path) });
    expect(names[0]).toBe("manifest.json");
    expect(names).toEqual(
      expect.arrayContaining([
        "database/page_content.jsonl",
        "database/user.jsonl",
        "database/account.jsonl",
        "database/activity_events.jsonl",
      ]),
    );
    expect(names.some((name) => /^files\/uploads\/about_image_\d+\.png$/.test(name))).toBe(true);
    expect(names.some((name) => name.startsWith("files/image-info/"))).toBe(true);
    const extracted = temporaryDirectory("list");
    await tar.extract({ file: archive, cwd: extracted });
    const manifest = JSON.parse(fs.readFileSync(path.join(extracted, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "valora-site-backup",
      productVersion: "1.0.0",
      database: { source: kind, lastMigration: expect.stringMatching(/^\d{4}_/) },
    });
    expect(manifest.contains).toMatch(/password hashes/);
    expect(manifest.members.map((member: { path: string }) => member.path).sort()).toEqual(
      names.filter((name) => name !== "manifest.json" && !name.endsWith("/")).sort(),
    );
    expect(manifest.database.tables.find((table: { name: string }) => table.name === "page_content").rows).toBe(3);
    // The auth secret never goes into an archive.
    expect(names.some((name) => name.includes("auth-secret"))).toBe(false);
  });

  it("restores into an empty DATA_DIR: every table and every upload as they were", async () => {
    const restored = await restoreIntoNewDirectory(archive);
    expect(restored.tables).toEqual(await tableContents(app.handle.db));
    expect(restored.uploads).toEqual(await folderContents(path.join(app.env.DATA_DIR, "uploads")));
    const handle = await openDatabase({ dataDir: restored.dataDir });
    const events = await handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "backup.restore"));
    await handle.close();
    expect(events).toHaveLength(1);
    expect(fs.readdirSync(restored.dataDir).sort()).toEqual(["db", "image-info", "uploads"]);
  });

  it("refuses a DATA_DIR that holds a site unless forced, and then replaces it", async () => {
    const { dataDir } = await restoreIntoNewDirectory(archive);
    await expect(restoreBackup({ actor: null, file: archive, dataDir })).rejects.toThrow(/already holds a site.*--force/);
    const again = await restoreIntoNewDirectory(archive, true, dataDir);
    expect(again.tables).toEqual(await tableContents(app.handle.db));
    expect(fs.readdirSync(dataDir).sort()).toEqual(["db", "image-info", "uploads"]);
    // Two whole restores, each making an embedded database (some 20 s on two quiet cores).
  }, 150_000);

  it("applies this site's newer migrations to an archive from an older schema", async () => {
    // The archive as an older schema wrote it: without the newest migration that creates tables, the
    // migrations after it, and those tables (columns the later migrations added are ignored on load
    // and take their defaults, as they did when those migrations ran).
    const migrations = readMigrationFiles({ migrationsFolder: defaultMigrationsFolder() });
    // A partitioned table (the raw statistics events) is never archived (database-tables.server.ts).
    const tablesCreatedBy = (migration: { sql: string[] }) => {
      const text = migration.sql.join("\n");
      const partitioned = new Set([...text.matchAll(/CREATE TABLE "([a-z_]+)" \([^;]*?\) PARTITION BY/g)].map((match) => match[1]!));
      return [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(?:public"\.")?([a-z_]+)"/g)]
        .map((match) => match[1]!)
        .filter((table) => !partitioned.has(table));
    };
    const creating = migrations.findLastIndex((migration) => tablesCreatedBy(migration).length > 0);
    const newTables = tablesCreatedBy(migrations[creating]!);
    const dropped = migrations.length - creating;
    expect(newTables.length).toBeGreaterThan(0);
    const older = await editArchive(
      archive,
      path.join(temporaryDirectory("older"), "older.tar.gz"),
      (directory, manifest) => {
        manifest.database.migrations.splice(-dropped);
        manifest.database.tables = manifest.database.tables.filter((table) => !newTables.includes(table.name));
        manifest.database.sequences = manifest.database.sequences.filter(
          (sequence) => !newTables.some((table) => sequence.name.startsWith(`${table}_`)),
        );
        for (const table of newTables) fs.rmSync(path.join(directory, `database/${table}.jsonl`));
      },
      true,
    );
    const restored = await restoreIntoNewDirectory(older);
    expect(restored.tables.page_content).toEqual((await tableContents(app.handle.db)).page_content);
    // Created by the migration the restore applied, holding what it wrote when it first ran (its
    // seeded rows; the site has not written to them since).
    const current = await tableContents(app.handle.db);
    for (const table of newTables) expect(restored.tables[table]).toHaveLength(current[table]!.length);
  });
});

describe("refused archives", () => {
  const app = useTestApp("pglite");
  let archive: string;
  let workspace: string;
  beforeAll(async () => {
    await app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "hero_title", contentValue: "Kept" });
    await storeUpload(Readable.from([tinyImages.png]), { actor: null, dataDir: app.env.DATA_DIR, settingKey: "about_image" });
    workspace = temporaryDirectory("refused");
    archive = path.join(workspace, "good.tar.gz");
    await createBackup({ db: app.handle.db, source: "pglite", dataDir: app.env.DATA_DIR, outFile: archive });
  });

  let target: string;
  beforeAll(async () => {
    // In a folder of its own, so the test can see that nothing was left beside it.
    target = (await restoreIntoNewDirectory(archive, false, path.join(temporaryDirectory("target"), "data"))).dataDir;
  });

  /**
   * Restores with --force into a DATA_DIR that holds a restored site and proves that every file
   * there (database, uploads) is byte for byte as it was, and nothing was left beside it.
   */
  async function expectRefusedLeavingTargetAsItWas(
    file: string,
    message: RegExp,
    errorClass: new (message: string) => Error = ArchiveError,
  ) {
    const before = await folderContents(target);
    const neighbours = fs.readdirSync(path.dirname(target)).sort();
    const error = await restoreBackup({ actor: null, file, dataDir: target, force: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message).toMatch(message);
    expect(await folderContents(target)).toEqual(before);
    expect(fs.readdirSync(target).sort()).toEqual(["db", "image-info", "uploads"]);
    expect(fs.readdirSync(path.dirname(target)).sort()).toEqual(neighbours);
  }

  it("refuses a truncated archive", async () => {
    const bytes = fs.readFileSync(archive);
    const truncated = path.join(workspace, "truncated.tar.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefusedLeavingTargetAsItWas(truncated, /damaged or incomplete/);
  });

  it("refuses an archive whose member does not match its checksum", async () => {
    const changed = await editArchive(archive, path.join(workspace, "changed.tar.gz"), (directory) => {
      fs.appendFileSync(path.join(directory, "database/page_content.jsonl"), '{"id": 99}\n');
    });
    await expectRefusedLeavingTargetAsItWas(changed, /Checksum mismatch for database\/page_content\.jsonl/);
  });

  it("refuses an archive with a file its manifest does not list", async () => {
    const foreign = await editArchive(archive, path.join(workspace, "foreign.tar.gz"), (directory) => {
      fs.writeFileSync(path.join(directory, "files/uploads/extra.png"), tinyImages.png);
    });
    await expectRefusedLeavingTargetAsItWas(foreign, /does not list: files\/uploads\/extra\.png/);
  });

  it("refuses a member whose path climbs out of the target, writing nothing there", async () => {
    const climbing = forgeArchive(path.join(workspace, "climbing.tar.gz"), [{ name: "../../escaped.txt", body: Buffer.from("x") }]);
    await expectRefusedLeavingTargetAsItWas(climbing, /name this site never writes/);
    expect(fs.existsSync(path.join(workspace, "..", "escaped.txt"))).toBe(false);
    const absolute = forgeArchive(path.join(workspace, "absolute.tar.gz"), [{ name: "/tmp/escaped.txt", body: Buffer.from("x") }]);
    await expectRefusedLeavingTargetAsItWas(absolute, /name this site never writes/);
    const link = forgeArchive(path.join(workspace, "link.tar.gz"), [
      { name: "files/uploads/link.png", type: "2", linkName: "/etc/passwd" },
    ]);
    await expectRefusedLeavingTargetAsItWas(link, /holds a SymbolicLink/);
  });

  it("refuses a member that claims 2 GB before reading it", async () => {
    const huge = forgeArchive(
      path.join(workspace, "huge.tar.gz"),
      [{ name: "files/uploads/huge.png", size: 2 * 1024 ** 3, body: Buffer.alloc(512) }],
      false,
    );
    await expectRefusedLeavingTargetAsItWas(huge, /claims 2147483648 bytes/);
  });

  it("refuses an archive from a newer schema", async () => {
    const newer = await editArchive(archive, path.join(workspace, "newer.tar.gz"), (_directory, manifest) => {
      manifest.database.migrations.push({ hash: "f".repeat(64), createdAt: Date.now() });
      manifest.database.lastMigration = "9999_future";
    });
    await expectRefusedLeavingTargetAsItWas(newer, /newer version of the site \(schema 9999_future/, RestoreError);
  });

  it("leaves the target as it was when loading the rows fails", async () => {
    const broken = await editArchive(
      archive,
      path.join(workspace, "broken.tar.gz"),
      (directory) => {
        fs.writeFileSync(path.join(directory, "database/page_content.jsonl"), '{"id": 1, "page_name": null}\n');
      },
      true,
    );
    await expectRefusedLeavingTargetAsItWas(broken, /Loading the archive's database failed: .*null value/, RestoreError);
  });
});
