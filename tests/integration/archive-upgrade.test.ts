// The archive's starting point and its place in backups: a site from before the archive (a backup
// made by old code) archives its current pages once on upgrade, and a backup of the archived site
// restores with the chain still verifiable and growing.
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { archiveBlobs, archiveEntries, archiveOutbox, archivePages, pageContent } from "~/db/schema";
import { verifyStoredChain } from "~/features/archive/chain.server";
import { archivePending } from "~/features/archive/worker.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { clearContentCache } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/platform/db.server";
import { testCapture } from "../support/archive-capture";
import { emptyPostgresDatabase, temporaryDirectory } from "../support/backup-archives";
import { onBothDatabases } from "../support/test-database";

const oldSite = path.resolve("tests/fixtures/backup-before-record-store.tar.gz");
const admin = { id: "upgrade-admin", email: "upgrade@example.com", role: "administrator" };

describe.each(onBothDatabases)("the archive on upgrade and through backups on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    setDatabase(undefined);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The backup restored (on the embedded database, or a new PostgreSQL one) and opened: the migrations run on open. */
  async function restored(file: string): Promise<DatabaseHandle> {
    const dataDir = temporaryDirectory("archive-upgrade");
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const database = await emptyPostgresDatabase("site_archive_upgrade");
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    await restoreBackup({ actor: null, file, dataDir, databaseUrl });
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    cleanups.push(() => handle.close());
    // The site's reads (the content version's copies) come from this database.
    setDatabase(handle);
    clearContentCache();
    return handle;
  }

  let upgraded: DatabaseHandle;

  it("archives an existing site's current pages once on upgrade, as its starting point", async () => {
    upgraded = await restored(oldSite);
    const db = upgraded.db;
    const starts = await db.select().from(archiveOutbox);
    expect(starts.map((row) => row.kind)).toEqual(["start"]);
    expect(await archivePending(db, { capture: testCapture, owner: "upgraded", settleMs: 0 })).toBe(1);
    const [start] = await db.select().from(archiveEntries);
    expect(start).toMatchObject({ kind: "start", captured: true, userEmail: null });
    // The home page as the old site serves it: its live title, not the release it had staged.
    const [title] = await db.select().from(pageContent).where(eq(pageContent.sectionName, "hero_title"));
    const [home] = await db
      .select({ gzip: archiveBlobs.gzip })
      .from(archivePages)
      .innerJoin(archiveBlobs, eq(archiveBlobs.sha256, archivePages.sha256))
      .where(eq(archivePages.path, "/"));
    expect(gunzipSync(home!.gzip).toString("utf8")).toBe(`<h1>${title?.contentValue ?? ""}</h1>`);
    expect(gunzipSync(home!.gzip).toString("utf8")).not.toContain("Spring title");
    expect(await archivePending(db, { capture: testCapture, owner: "upgraded", settleMs: 0 })).toBe(0);
    expect(await db.select().from(archiveEntries)).toHaveLength(1);
  });

  it("backs up the archive with its stored bytes, and the restored chain verifies and goes on", async () => {
    const db = upgraded.db;
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Before the backup", actor: admin });
    expect(await archivePending(db, { capture: testCapture, owner: "upgraded", settleMs: 0 })).toBe(1);
    const dataDir = temporaryDirectory("archive-backup");
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const file = path.join(dataDir, "with-archive.tar.gz");
    await createBackup({ db, source: kind, dataDir, outFile: file });
    const entriesBefore = await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));

    const back = await restored(file);
    const entries = await back.db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
    expect(entries).toEqual(entriesBefore);
    expect(await verifyStoredChain(back.db)).toBeUndefined();
    // The restore changed what the site serves: it is a publish of its own, chained after the backup's last entry.
    const pending = await back.db
      .select()
      .from(archiveOutbox)
      .where(sql`done_at is null`);
    expect(pending.map((row) => row.kind)).toEqual(["backup.restore"]);
    expect(await archivePending(back.db, { capture: testCapture, owner: "restored", settleMs: 0 })).toBe(1);
    const [restoreEntry] = await back.db
      .select()
      .from(archiveEntries)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(restoreEntry).toMatchObject({ kind: "backup.restore", previousHash: entriesBefore.at(-1)!.hash });
    // And the restored site's next publish follows it.
    await upsertContentValue(back.db, { page: "home", section: "hero_title", value: "After the restore", actor: admin });
    expect(await archivePending(back.db, { capture: testCapture, owner: "restored", settleMs: 0 })).toBe(1);
    const [last] = await back.db
      .select()
      .from(archiveEntries)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(last!.previousHash).toBe(restoreEntry!.hash);
    expect(await verifyStoredChain(back.db)).toBeUndefined();
  });
});
