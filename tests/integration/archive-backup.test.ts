// The archive through a backup (issue 46): a backup holds the archive's entries, pages and bytes;
// restored, the chain still verifies, every stored page answers as it did, and the restore itself
// is archived as the next entry of the same chain (what visitors are served from then on).
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { archiveBlobs, archiveEntries, archiveOutbox, archivePages } from "~/db/schema";
import { verifyStoredChain } from "~/features/archive/chain.server";
import { archivePending } from "~/features/archive/worker.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { openDatabase, type Database } from "~/platform/db.server";
import { testCapture } from "../support/archive-capture";
import { temporaryDirectory } from "../support/backup-archives";
import { onBothDatabases, useTestApp } from "../support/test-database";

const admin = { id: "archive-admin", email: "archivist@example.com", role: "administrator" };
const run = (db: Database) => archivePending(db, { capture: testCapture, owner: "restore-test", settleMs: 0 });

/** The chain as rows (entries with their pages), for comparing before and after. */
async function chain(db: Database) {
  const entries = await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
  const pages = await db.select().from(archivePages).orderBy(asc(archivePages.entryId), asc(archivePages.path));
  const blobs = await db.select({ sha256: archiveBlobs.sha256 }).from(archiveBlobs).orderBy(asc(archiveBlobs.sha256));
  return { entries, pages, blobs };
}

describe.each(onBothDatabases)("the archive through a backup on %s", (kind) => {
  const app = useTestApp(kind);

  it("restores the chain whole and verifiable, and archives the restore as its next entry", async () => {
    const db = app.handle.db;
    expect(await run(db)).toBe(1);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Rates before the backup", actor: admin });
    expect(await run(db)).toBe(1);
    const before = await chain(db);
    expect(before.entries.map((entry) => entry.kind)).toEqual(["start", "content.update"]);

    const file = `${temporaryDirectory("archive-backup")}/site.tar.gz`;
    await createBackup({ db, source: app.handle.kind, dataDir: app.env.DATA_DIR, outFile: file });
    const dataDir = temporaryDirectory("archive-restored");
    await restoreBackup({ actor: null, file, dataDir, force: false });
    const restored = await openDatabase({ dataDir });
    try {
      const after = await chain(restored.db);
      expect(after).toEqual(before);
      expect(await verifyStoredChain(restored.db)).toBeUndefined();
      // The restore waits in the outbox and becomes the chain's next entry, which still verifies.
      const pending = await restored.db.select().from(archiveOutbox).where(eq(archiveOutbox.kind, "backup.restore"));
      expect(pending).toHaveLength(1);
      expect(pending[0]!.doneAt).toBeNull();
      expect(await run(restored.db)).toBe(1);
      const entries = await restored.db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
      expect(entries.map((entry) => entry.kind)).toEqual(["start", "content.update", "backup.restore"]);
      expect(entries[2]!.previousHash).toBe(entries[1]!.hash);
      expect(await verifyStoredChain(restored.db)).toBeUndefined();
    } finally {
      await restored.close();
    }
  });
});
