// A backup made before the record store (at 9517fa2, by the dashboard's own writes: live saves,
// then a release with changes staged by two administrators) restores after it: its revisions
// and staged changes read through the store, four-eyes knows both authors from the release's
// own rows, and the release publishes. The archive was made by the old code, not by this test.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contentRevisions, landingPages, menuItems, pageContent, releaseAuthors, releases } from "~/db/schema";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { readDraft } from "~/features/records/drafts.server";
import { parseKey } from "~/features/records/kinds";
import { publishRelease } from "~/features/releases/publish.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";
import { emptyPostgresDatabase, temporaryDirectory } from "../support/backup-archives";

const archive = path.resolve("tests/fixtures/backup-before-record-store.tar.gz");
const kinds = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(kinds)("a backup from before the record store, restored on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function restored(): Promise<DatabaseHandle> {
    const dataDir = temporaryDirectory("record-store-migration");
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (kind === "pglite") {
      await restoreBackup({ actor: null, file: archive, dataDir });
      const handle = await openDatabase({ dataDir });
      cleanups.push(() => handle.close());
      return handle;
    }
    const database = await emptyPostgresDatabase("record_store_migration");
    cleanups.push(database.drop);
    await restoreBackup({ actor: null, file: archive, dataDir, databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url });
    cleanups.push(() => handle.close());
    return handle;
  }

  it("reads its revisions and staged changes as records, knows both authors, and publishes the release", async () => {
    const { db } = await restored();
    const revisions = await db.select().from(contentRevisions);
    expect(revisions.length).toBeGreaterThan(0);
    for (const revision of revisions) {
      expect(revision.locale).toBe("en");
      expect(parseKey(revision.key).text).toBe(revision.key);
    }
    const [release] = await db.select().from(releases);
    const draft = await readDraft(db, release!.id);
    expect([...draft.keys()].map((key) => parseKey(key).kind).sort()).toEqual(["content", "fee", "landing-page", "menu-item"]);
    const authors = await db.select().from(releaseAuthors).where(eq(releaseAuthors.releaseId, release!.id));
    expect(authors.map((row) => row.userId).sort()).toEqual(["user-author", "user-helper"]);

    const outcome = await publishRelease(db, release!.id, { id: "user-publisher", email: "publisher@example.com", role: "administrator" });
    expect(outcome?.changed).toBe(4);
    const [title] = await db.select().from(pageContent).where(eq(pageContent.sectionName, "hero_title"));
    expect(title?.contentValue).toBe("Spring title");
    const [fees] = await db.select().from(pageContent).where(eq(pageContent.pageName, "fees"));
    expect(fees?.contentValue).toBe("Our prices");
    expect((await db.select().from(landingPages)).map((page) => page.path)).toEqual(["/spring-offer"]);
    expect((await db.select().from(menuItems).where(eq(menuItems.displayName, "Spring"))).length).toBe(1);
  });
});
