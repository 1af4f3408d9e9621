// The media library's "where used": the index of uploads the records name is kept by the record
// store's writes (live and staged, in their transaction), and a rebuild from the records gives the
// same rows (an existing site's first read of the index, a restored backup).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mediaUsages } from "~/db/schema";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { clearContentCache } from "~/features/content/read.server";
import { openDatabase, setDatabase } from "~/platform/db.server";
import { emptyPostgresDatabase, temporaryDirectory } from "../support/backup-archives";
import { contentRecordKey } from "~/features/content/records.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { writeRecords } from "~/features/records/write.server";
import { listUsages, markUsageIndexStale, rebuildUsageIndex, uploadPathsIn } from "~/features/media/usage.server";
import { createBlock } from "~/features/pages/blocks/blocks";
import { createPage, savePage } from "~/features/pages/pages.server";
import { emptySeo } from "~/features/seo/seo-fields";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import type { Database } from "~/platform/db.server";
import { onBothDatabases, onEmbeddedDatabase, useTestApp } from "../support/test-database";

const admin = { id: "media-admin", email: "media@example.com", role: "administrator" };

/** The index's rows, without their ids, in a stable order. */
const places = async (app: { handle: { db: Database } }, file?: string) =>
  (await listUsages(app.handle.db, file ? [file] : undefined)).map((usage) => ({
    path: usage.path,
    key: usage.recordKey,
    kind: usage.recordKind,
    locale: usage.locale,
    staged: usage.staged,
    releaseId: usage.releaseId,
  }));

async function rebuilt(app: ReturnType<typeof useTestApp>) {
  await app.handle.db.transaction((transaction) => rebuildUsageIndex(transaction));
  return places(app);
}

describe("the upload paths a value names", () => {
  it("finds originals in texts, blocks and srcsets, not their responsive copies", () => {
    expect(
      uploadPathsIn({
        logo: "/uploads/logo_1700000000000.png",
        body: "See <img src='/uploads/photo_17.jpg'> and /uploads/photo_17.jpg.",
        srcSet: "/uploads/photo_17-w640.webp 640w, /uploads/photo_17-w1280.webp 1280w",
        blocks: [{ data: { image: { src: "https://cdn.example.com/uploads/card_5.webp" } } }],
        other: "/images/static.png",
      }),
    ).toEqual(["/uploads/card_5.webp", "/uploads/logo_1700000000000.png", "/uploads/photo_17.jpg"]);
  });
});

describe.each(onEmbeddedDatabase)("where uploads are used, kept by the record store on %s", (kind) => {
  const app = useTestApp(kind);

  it("a save that adds, changes and removes an image reference updates the index in its transaction", async () => {
    const db = app.handle.db;
    await upsertContentValue(db, { page: "global", section: "logo_url", value: "/uploads/logo_1.png", actor: admin });
    await upsertContentValue(db, { page: "global", section: "visa_logo_url", value: "/uploads/visa_1.png", actor: admin });
    const page = (await createPage(db, { title: "Spring", path: "/spring" }, admin)) as { id: number };
    const hero = createBlock("hero");
    const withImage = { ...hero, data: { ...hero.data, image: { src: "/uploads/hero_1.jpg", alt: "A phone", decorative: false } } };
    await savePage(
      db,
      { id: page.id, title: "Spring", path: "/spring", blocks: [withImage], seo: { ...emptySeo, ogImage: "/uploads/og_1.png" } },
      admin,
    );

    expect(await places(app)).toEqual([
      { path: "/uploads/hero_1.jpg", key: `page:${page.id}`, kind: "landing-page", locale: "en", staged: false, releaseId: null },
      { path: "/uploads/logo_1.png", key: "global/logo_url", kind: "setting", locale: "en", staged: false, releaseId: null },
      { path: "/uploads/og_1.png", key: `page:${page.id}`, kind: "landing-page", locale: "en", staged: false, releaseId: null },
      { path: "/uploads/visa_1.png", key: "global/visa_logo_url", kind: "setting", locale: "en", staged: false, releaseId: null },
    ]);

    // Changed: the logo names another file; removed: the page's image is gone (its Open Graph image stays).
    await upsertContentValue(db, { page: "global", section: "logo_url", value: "/uploads/logo_2.png", actor: admin });
    await savePage(
      db,
      { id: page.id, title: "Spring", path: "/spring", blocks: [hero], seo: { ...emptySeo, ogImage: "/uploads/og_1.png" } },
      admin,
    );
    expect((await places(app)).map((usage) => `${usage.path} ${usage.key}`)).toEqual([
      "/uploads/logo_2.png global/logo_url",
      `/uploads/og_1.png page:${page.id}`,
      "/uploads/visa_1.png global/visa_logo_url",
    ]);
    expect(await places(app, "/uploads/logo_1.png")).toEqual([]);
    expect(await places(app, "/uploads/hero_1.jpg")).toEqual([]);
  });

  it("a change staged in a release is listed as staged with the release; its publish makes it live", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "New favicon", admin);
    await setDrafting(db, admin, release.id);
    await upsertContentValue(db, { page: "global", section: "favicon_url", value: "/uploads/favicon_9.png", actor: admin });
    await upsertContentValue(db, { page: "global", section: "logo_url", value: "/uploads/logo_3.png", actor: admin });
    expect(await places(app, "/uploads/favicon_9.png")).toEqual([
      { path: "/uploads/favicon_9.png", key: "global/favicon_url", kind: "setting", locale: "en", staged: true, releaseId: release.id },
    ]);
    // The live logo is still used live; the staged one is used in the release.
    expect((await places(app, "/uploads/logo_2.png")).map((usage) => usage.staged)).toEqual([false]);
    expect(await places(app, "/uploads/logo_3.png")).toEqual([
      { path: "/uploads/logo_3.png", key: "global/logo_url", kind: "setting", locale: "en", staged: true, releaseId: release.id },
    ]);
    expect((await listUsages(db, ["/uploads/logo_3.png"]))[0]?.releaseName).toBe("New favicon");

    // Brought back to its live value, the logo leaves the release and its staged use with it.
    await upsertContentValue(db, { page: "global", section: "logo_url", value: "/uploads/logo_2.png", actor: admin });
    expect(await places(app, "/uploads/logo_3.png")).toEqual([]);

    expect(await rebuilt(app)).toEqual(await places(app));

    await setDrafting(db, admin, null);
    await publishRelease(db, release.id, admin);
    expect(await places(app, "/uploads/favicon_9.png")).toEqual([
      { path: "/uploads/favicon_9.png", key: "global/favicon_url", kind: "setting", locale: "en", staged: false, releaseId: null },
    ]);
  });

  it("the rebuild from the records gives the same rows the writes kept, other locales' values too", async () => {
    const key = contentRecordKey("home", "hero_subtitle", "de");
    const value = {
      pageName: "home",
      sectionName: "hero_subtitle",
      contentType: "text",
      contentValue: "Siehe /uploads/de_7.png",
      richContent: null,
      pageUrl: null,
    };
    await writeRecords(app.handle.db, {
      actor: admin,
      action: "update",
      key,
      plan: async () => ({ result: true, changes: [{ key, after: value }] }),
    });
    const kept = await places(app);
    expect(kept).toContainEqual({
      path: "/uploads/de_7.png",
      key: key.text,
      kind: "content",
      locale: "de",
      staged: false,
      releaseId: null,
    });
    expect(kept.length).toBeGreaterThan(3);
    expect(await rebuilt(app)).toEqual(kept);
  });
});

/** One global setting names a file live, another names one staged in a new release of that name (returned). */
async function useLiveAndStaged(
  db: Database,
  live: { section: string; value: string },
  releaseName: string,
  staged: { section: string; value: string },
) {
  await upsertContentValue(db, { page: "global", ...live, actor: admin });
  const release = await createRelease(db, releaseName, admin);
  await setDrafting(db, admin, release.id);
  await upsertContentValue(db, { page: "global", ...staged, actor: admin });
  await setDrafting(db, admin, null);
  return release;
}

describe.each(onBothDatabases)("the usage index of an existing site on %s", (kind) => {
  const app = useTestApp(kind);

  it("is built from the records on its first read when it is stale (the migration's first run, a restore)", async () => {
    const db = app.handle.db;
    await useLiveAndStaged(db, { section: "og_image_url", value: "/uploads/share_4.png" }, "Card", {
      section: "mastercard_logo_url",
      value: "/uploads/mc_4.png",
    });
    const kept = await places(app);
    // As a site from before the index, or a restored backup, leaves it.
    await db.execute(sql`delete from media_usages`);
    await markUsageIndexStale(db);
    expect(await db.$count(mediaUsages)).toBe(0);
    expect(await places(app)).toEqual(kept);
    expect(kept.map((usage) => `${usage.path} ${usage.staged}`)).toEqual(["/uploads/mc_4.png true", "/uploads/share_4.png false"]);
  });
});

describe.each(onBothDatabases)("the usage index through a backup on %s", (kind) => {
  const app = useTestApp(kind);
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    setDatabase(app.handle);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("a restored site's index is made again from its records", async () => {
    const db = app.handle.db;
    const release = await useLiveAndStaged(db, { section: "sepa_logo_url", value: "/uploads/sepa_5.png" }, "Footer", {
      section: "pci_dss_logo_url",
      value: "/uploads/pci_5.png",
    });
    const kept = await places(app);
    expect(kept.map((usage) => `${usage.path} ${usage.staged}`)).toEqual(["/uploads/pci_5.png true", "/uploads/sepa_5.png false"]);
    // A backup whose index does not match its records (made before the index, or by hand).
    await db.execute(sql`delete from media_usages`);

    const directory = temporaryDirectory("media-restore");
    cleanups.push(async () => fs.rmSync(directory, { recursive: true, force: true }));
    const file = path.join(directory, "site.tar.gz");
    await createBackup({ db, source: kind, dataDir: app.env.DATA_DIR, outFile: file });
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const database = await emptyPostgresDatabase("site_media2_restore");
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const dataDir = path.join(directory, "restored");
    await restoreBackup({ actor: null, file, dataDir, databaseUrl });
    const restored = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    cleanups.push(() => restored.close());
    setDatabase(restored);
    clearContentCache();
    const back = await places({ handle: restored });
    expect(back.map(({ releaseId: _release, ...usage }) => usage)).toEqual(kept.map(({ releaseId: _release, ...usage }) => usage));
    expect(back.find((usage) => usage.staged)?.releaseId).toBe(release.id);
  });

  it("a site from before the index gets it from its records on its first read (the migration marks it to be built)", async () => {
    const directory = temporaryDirectory("media-upgrade");
    cleanups.push(async () => fs.rmSync(directory, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const database = await emptyPostgresDatabase("site_media2_upgrade");
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const dataDir = path.join(directory, "site");
    await restoreBackup({ actor: null, file: path.resolve("tests/fixtures/backup-before-record-store.tar.gz"), dataDir, databaseUrl });
    const upgraded = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    cleanups.push(() => upgraded.close());
    setDatabase(upgraded);
    clearContentCache();
    // The old site's records name an upload (written as the old code wrote rows, past the store).
    await upgraded.db.execute(
      sql`insert into page_content (page_name, section_name, content_type, content_value) values ('global', 'favicon_url', 'image', '/uploads/old_favicon_1.png')
          on conflict (page_name, section_name) do update set content_value = excluded.content_value`,
    );
    expect(await upgraded.db.$count(mediaUsages)).toBe(0);
    expect(await places({ handle: upgraded }, "/uploads/old_favicon_1.png")).toEqual([
      { path: "/uploads/old_favicon_1.png", key: "global/favicon_url", kind: "setting", locale: "en", staged: false, releaseId: null },
    ]);
  });
});
