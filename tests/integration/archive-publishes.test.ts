// The archive's entry for every publish: noted in the publish's transaction, archived once by the
// worker whatever instance runs it, content-addressed, chained, and caught up after a crash.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveBlobs, archiveEntries, archiveOutbox, archivePages, archiveWorker, contentRevisions, releases } from "~/db/schema";
import { verifyStoredChain } from "~/features/archive/chain.server";
import { archivePending } from "~/features/archive/worker.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { undoGroup } from "~/features/history/revision-groups.server";
import { createRedirect } from "~/features/pages/redirects.server";
import { refreshPublicIndex } from "~/features/pages/public-index.server";
import { publishRelease } from "~/features/releases/publish.server";
import { changeSiteLocales } from "~/features/locales/locales.server";
import { translationCompleteness } from "~/features/content/translations.server";
import { localeIntents } from "~/features/locales/schema";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { restoreRevision } from "~/features/records/restore.server";
import { contentRecordKey } from "~/features/content/records.server";
import { openDatabase, type Database, type DatabaseHandle } from "~/platform/db.server";
import { testCapture } from "../support/archive-capture";
import { commandEntryArgs } from "../support/command-entry";
import { createMigratedPostgresDatabase, embeddedDataDirFromTemplate, onBothDatabases, useTestApp } from "../support/test-database";

const admin = { id: "archive-admin", email: "archivist@example.com", role: "administrator" };

const run = (db: Database, owner = "instance-a") => archivePending(db, { capture: testCapture, owner, settleMs: 0 });

async function counts(db: Database) {
  const [outbox] = await db.select({ n: sql<number>`count(*)::int` }).from(archiveOutbox);
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(archiveOutbox)
    .where(sql`done_at is null`);
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(archiveEntries);
  const [blobs] = await db.select({ n: sql<number>`count(*)::int` }).from(archiveBlobs);
  return { outbox: outbox!.n, pending: pending!.n, entries: entries!.n, blobs: blobs!.n };
}

describe.each(onBothDatabases)("the archive's entries on %s", (kind) => {
  const app = useTestApp(kind);

  it("archives the site's starting point once: every page, each distinct body stored once", async () => {
    const db = app.handle.db;
    expect(await counts(db)).toMatchObject({ outbox: 1, pending: 1, entries: 0 });
    expect(await run(db)).toBe(1);
    const [start] = await db.select().from(archiveEntries);
    expect(start).toMatchObject({ kind: "start", captured: true });
    const pages = await db.select().from(archivePages).where(eq(archivePages.entryId, start!.id));
    // The twelve fixed pages and the not-found page, in the default locale.
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(["/", "/fees", "/terms", "/404"]));
    expect(pages).toHaveLength(13);
    expect((await counts(db)).blobs).toBe(new Set(pages.map((page) => page.sha256)).size);
    expect(await run(db)).toBe(0);
  });

  it("gives every kind of publish one entry, in order, naming who, the release and the revision group", async () => {
    const db = app.handle.db;
    const before = await counts(db);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Spring rates", actor: admin });
    const release = await createRelease(db, "Autumn", admin);
    await setDrafting(db, admin, release.id);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Autumn rates", actor: admin });
    await setDrafting(db, admin, null);
    const published = await publishRelease(db, release.id, admin);
    await undoGroup(db, published!.groupId, admin);
    const [first] = await db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.key, contentRecordKey("home", "hero_title").text))
      .orderBy(asc(contentRevisions.id));
    await restoreRevision(db, contentRecordKey("home", "hero_title"), first!.id, admin);
    await createRedirect(db, { fromPath: "/old-rates", toPath: "/fees", status: 301 }, admin);
    await refreshPublicIndex(db);

    expect(await counts(db)).toMatchObject({ outbox: before.outbox + 5, pending: 5 });
    expect(await run(db)).toBe(5);
    const entries = (await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id))).slice(-5);
    expect(entries.map((entry) => entry.kind)).toEqual([
      "content.update",
      "release.publish",
      "content.undo_group",
      "content.restore",
      "redirects.create",
    ]);
    expect(entries.every((entry) => entry.userEmail === admin.email)).toBe(true);
    expect(entries[1]).toMatchObject({ releaseId: release.id, groupId: published!.groupId });
    // One worker run took all five: the pages they left are captured once, with the last of them.
    const pagesOf = async (id: number) => db.select().from(archivePages).where(eq(archivePages.entryId, id));
    expect(entries.every((entry) => entry.captured)).toBe(false);
    const last = entries.at(-1)!;
    expect(last.captured).toBe(true);
    const lastPages = await pagesOf(last.id);
    expect(lastPages.find((page) => page.path === "/old-rates")).toMatchObject({ status: 301, location: "/fees" });
    expect(lastPages.find((page) => page.path === "/")).toBeTruthy();
    expect((await counts(db)).pending).toBe(0);
    expect(await verifyStoredChain(db)).toBeUndefined();
    expect((await db.select().from(releases).where(eq(releases.id, release.id)))[0]!.state).toBe("published");
  });

  it("stores identical bytes once, and a publish that changed no page's bytes stores no page", async () => {
    const db = app.handle.db;
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Winter rates", actor: admin });
    expect(await run(db)).toBe(1);
    const blobs = (await counts(db)).blobs;
    // Back to a title the archive already holds: a new version of "/", no new bytes stored.
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Spring rates", actor: admin });
    expect(await run(db)).toBe(1);
    const [back] = await db
      .select()
      .from(archiveEntries)
      .orderBy(sql`id desc`)
      .limit(1);
    expect((await db.select().from(archivePages).where(eq(archivePages.entryId, back!.id))).map((page) => page.path)).toEqual(["/"]);
    // A key no page shows: an entry (a publish happened), no page stored.
    await upsertContentValue(db, { page: "fees", section: "page_title", value: "Fees", actor: admin });
    expect(await run(db)).toBe(1);
    const [quiet] = await db
      .select()
      .from(archiveEntries)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(quiet!.pageCount).toBe(0);
    expect((await counts(db)).blobs).toBe(blobs);
  });

  it("a publish refused or rolled back leaves no outbox row and no entry", async () => {
    const db = app.handle.db;
    const before = await counts(db);
    const release = await createRelease(db, "Conflicting", admin);
    await setDrafting(db, admin, release.id);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Staged", actor: admin });
    await setDrafting(db, admin, null);
    // Changed live after staging: the publish is refused with a conflict.
    await db.update(archiveWorker).set({ owner: "someone-else", until: sql`now() + interval '1 hour'` });
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Live meanwhile", actor: admin });
    await expect(publishRelease(db, release.id, admin)).rejects.toThrow();
    // A save that fails its version check.
    await expect(
      upsertContentValue(db, { page: "home", section: "hero_title", value: "Stale", actor: admin, version: 1 }),
    ).rejects.toThrow();
    expect(await counts(db)).toMatchObject({ outbox: before.outbox + 1, pending: 1 });
    // Another live worker holds the lease: this one archives nothing.
    expect(await run(db)).toBe(0);
    await db.update(archiveWorker).set({ until: sql`now() - interval '1 second'` });
    expect(await run(db)).toBe(1);
    expect(await counts(db)).toMatchObject({ entries: before.entries + 1, pending: 0 });
  });

  it("archives a locale switched on as a publish: its pages appear under their prefix", async () => {
    const db = app.handle.db;
    await changeSiteLocales(db, { intent: localeIntents.add, code: "de" }, admin, translationCompleteness);
    await changeSiteLocales(
      db,
      { intent: localeIntents.setState, code: "de", state: "public", override: "on" },
      admin,
      translationCompleteness,
    );
    expect(await run(db)).toBe(2);
    const entries = (await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id))).slice(-2);
    expect(entries.map((entry) => entry.kind)).toEqual(["locale.create", "locale.publish_incomplete"]);
    const pages = await db.select().from(archivePages).where(eq(archivePages.entryId, entries[1]!.id));
    expect(pages.filter((page) => page.locale === "de").map((page) => page.path)).toEqual(
      expect.arrayContaining(["/de", "/de/fees", "/de/404"]),
    );
  });

  it("names the first altered entry or page when the stored chain is tampered with", async () => {
    const db = app.handle.db;
    expect(await verifyStoredChain(db)).toBeUndefined();
    const [page] = await db.select().from(archivePages).where(eq(archivePages.path, "/fees")).limit(1);
    const original = page!.sha256;
    const [other] = await db.select().from(archiveBlobs).where(ne(archiveBlobs.sha256, original)).limit(1);
    await db.update(archivePages).set({ sha256: other!.sha256 }).where(eq(archivePages.id, page!.id));
    expect(await verifyStoredChain(db)).toBe(`entry ${page!.entryId}: its hash does not match its contents`);
    await db.update(archivePages).set({ sha256: original }).where(eq(archivePages.id, page!.id));
    const [blob] = await db.select().from(archiveBlobs).where(eq(archiveBlobs.sha256, original));
    const { gzipSync } = await import("node:zlib");
    await db
      .update(archiveBlobs)
      .set({ gzip: gzipSync("<p>altered</p>") })
      .where(eq(archiveBlobs.sha256, original));
    expect(await verifyStoredChain(db)).toBe(`entry ${page!.entryId}: the bytes of /fees were altered`);
    await db.update(archiveBlobs).set({ gzip: blob!.gzip }).where(eq(archiveBlobs.sha256, original));
    expect(await verifyStoredChain(db)).toBeUndefined();
  });
});

/** A database two instances share (a PostgreSQL database, or an embedded one in a directory). */
async function sharedDatabase(kind: string) {
  if (kind === "postgres") {
    const database = await createMigratedPostgresDatabase("site_archive");
    return {
      env: { DATABASE_URL: database.url } as Record<string, string>,
      open: () => openDatabase({ databaseUrl: database.url }),
      drop: database.drop,
    };
  }
  const dir = embeddedDataDirFromTemplate(fs.mkdtempSync(path.join(os.tmpdir(), "archive-outbox-")));
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

describe.each(onBothDatabases)("the archive across instances and crashes on %s", (kind) => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  beforeAll(async () => {
    shared = await sharedDatabase(kind);
  });
  afterAll(async () => {
    await shared.drop();
  });

  it("archives publishes killed (SIGKILL) between their commit and their capture on the next start: none lost, none invented", async () => {
    let killedMidWay = 0;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const child = spawn(process.execPath, commandEntryArgs("archive-publisher-child"), {
        env: { ...process.env, ...shared.env, LOG_LEVEL: "silent", CYCLE: String(cycle) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let saved = 0;
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          saved += chunk.toString().split("saved").length - 1;
          // Killed in the middle of its saves, at a different point each cycle.
          if (saved >= 3 + cycle * 2) child.kill("SIGKILL");
        });
        child.once("exit", (code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`child exited ${code}`))));
      });
      killedMidWay += 1;
    }
    expect(killedMidWay).toBe(3);
    const handle = await shared.open();
    try {
      const db = handle.db;
      const saves = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contentRevisions)
        .where(sql`${contentRevisions.key} like 'home/archive_crash_%'`);
      const notes = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(archiveOutbox)
        .where(ne(archiveOutbox.kind, "start"));
      expect(saves[0]!.n).toBeGreaterThanOrEqual(3 + 5 + 7);
      expect(notes[0]!.n).toBe(saves[0]!.n);
      // The next start: nothing was rendered for them; the worker archives each once.
      expect(await archivePending(db, { capture: testCapture, owner: "restarted", settleMs: 0 })).toBe(saves[0]!.n + 1);
      const entries = await db.select().from(archiveEntries);
      expect(entries).toHaveLength(saves[0]!.n + 1);
      expect(new Set(entries.map((entry) => entry.outboxId)).size).toBe(entries.length);
      expect(await verifyStoredChain(db)).toBeUndefined();
    } finally {
      await handle.close();
    }
  }, 90_000);

  it("archives each publish exactly once when two instances run the worker at the same moment", async () => {
    const first = await shared.open();
    const second: DatabaseHandle = kind === "postgres" ? await shared.open() : first;
    try {
      for (let index = 0; index < 6; index += 1)
        await upsertContentValue(first.db, { page: "home", section: `archive_twice_${index}`, value: String(index), actor: admin });
      const before = (await first.db.select().from(archiveEntries)).length;
      const pending = (
        await first.db
          .select()
          .from(archiveOutbox)
          .where(sql`done_at is null`)
      ).length;
      expect(pending).toBe(6);
      const rounds = await Promise.all([
        archivePending(first.db, { capture: testCapture, owner: "a", settleMs: 0 }),
        archivePending(second.db, { capture: testCapture, owner: "b", settleMs: 0 }),
        archivePending(first.db, { capture: testCapture, owner: "a", settleMs: 0 }),
      ]);
      const again = await archivePending(second.db, { capture: testCapture, owner: "b", settleMs: 0 });
      expect(rounds.reduce((sum, n) => sum + n, again)).toBe(6);
      const entries = await first.db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
      expect(entries).toHaveLength(before + 6);
      expect(new Set(entries.map((entry) => entry.outboxId)).size).toBe(entries.length);
      // One chain: each entry follows the one before it, in the order of the publishes.
      for (let index = 1; index < entries.length; index += 1) expect(entries[index]!.previousHash).toBe(entries[index - 1]!.hash);
      expect(entries.map((entry) => entry.outboxId)).toEqual([...entries.map((entry) => entry.outboxId)].sort((a, b) => a - b));
      expect(await verifyStoredChain(first.db)).toBeUndefined();
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});
