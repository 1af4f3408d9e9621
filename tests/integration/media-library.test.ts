// The media library on the local disk and in an S3-compatible bucket: every stored upload with
// where it is used, searched and filtered; a used file (live or staged) is refused deletion with
// its places, an unused one is deleted with its copies and info. The library answers from its
// catalogue: uploads write it with who uploaded them, and files stored before it (the first
// uploads here are stored without it) are found in the store once.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { deleteLongUnusedFiles, deleteMediaFile, listLibrary } from "~/features/media/library.server";
import { LIBRARY_PAGE_SIZE, libraryQuerySchema } from "~/features/media/query";
import { catalogueUpload, markCatalogueStale } from "~/features/uploads/catalogue.server";
import { activityEvents, mediaFileInfo, mediaFiles } from "~/db/schema";
import { saveMediaInfo } from "~/features/media/info.server";
import { emptyMediaInfo } from "~/features/media/info";
import { eq, inArray, sql } from "drizzle-orm";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { localUploadStore, uploadStoreFor, type UploadStore } from "~/features/uploads/upload-store.server";
import { parseEnv } from "~/platform/env.server";
import { isRefusal } from "~/platform/refusal";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { onEmbeddedDatabase, useTestApp } from "../support/test-database";

const admin = { id: "library-admin", email: "library@example.com", role: "administrator", language: "en" };
const author = { id: "library-author", email: "author@example.com", role: "author" };

const photo = (width: number) =>
  sharp({ create: { width, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** The library's query from the parameters given, the rest as the address leaves them. */
const query = (parameters: Record<string, string> = {}) => libraryQuerySchema.parse(parameters);

/** The refusal a call ends with. */
async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe.each(onEmbeddedDatabase)("the media library on %s", (kind) => {
  describe.each(["disk", "s3"] as const)("with uploads on %s", (storage) => {
    const app = useTestApp(kind);
    let s3: TestS3Server | undefined;
    let store: UploadStore;
    const uploads: Record<string, string> = {};
    const infoRows = (name: string) => app.handle.db.select().from(mediaFileInfo).where(eq(mediaFileInfo.name, name));

    beforeAll(async () => {
      if (storage === "s3") {
        s3 = await startS3Server();
        store = uploadStoreFor(parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env }));
      } else store = localUploadStore(app.env.DATA_DIR);
      for (const [name, width] of [
        ["logo_url", 900],
        ["hero_image", 700],
        ["leftover", 800],
      ] as const) {
        const stored = await storeUpload(Readable.from(await photo(width)), {
          actor: admin,
          dataDir: app.env.DATA_DIR,
          settingKey: name,
          store,
        });
        uploads[name] = stored.url;
      }
    }, 60_000);
    afterAll(async () => {
      await s3?.stop();
    });

    it("lists every stored upload (not its copies) with its size, type and places, searched and filtered", async () => {
      const db = app.handle.db;
      await upsertContentValue(db, { page: "global", section: "logo_url", value: uploads.logo_url!, actor: admin });
      const release = await createRelease(db, "Hero", admin);
      await setDrafting(db, admin, release.id);
      await upsertContentValue(db, { page: "home", section: "hero_image", value: uploads.hero_image!, actor: admin });
      await setDrafting(db, admin, null);

      const library = await listLibrary(db, store, admin, query());
      expect(library.total).toBe(3);
      expect(library.files.map((file) => file.path).sort()).toEqual(Object.values(uploads).sort());
      const logo = library.files.find((file) => file.path === uploads.logo_url)!;
      expect(logo.type).toBe("image/png");
      expect(logo.size).toBeGreaterThan(100);
      expect(Date.now() - Date.parse(logo.uploadedAt)).toBeLessThan(5 * 60_000);
      // Stored without the catalogue, so found in the store: its pixels from its info, no uploader.
      expect([logo.width, logo.height, logo.uploader]).toEqual([900, 400, null]);
      expect(logo.places).toEqual([
        { kind: "setting", key: "logo_url", locale: "en", href: "/admin/settings/branding", staged: false, release: null },
      ]);
      const hero = library.files.find((file) => file.path === uploads.hero_image)!;
      expect(hero.places).toEqual([
        {
          kind: "content",
          key: "home/hero_image",
          locale: "en",
          href: "/admin/content?page=home",
          staged: true,
          release: { id: release.id, name: "Hero", href: `/admin/other/releases/${release.id}` },
        },
      ]);

      expect((await listLibrary(db, store, admin, query({ used: "unused" }))).files.map((file) => file.path)).toEqual([uploads.leftover]);
      expect((await listLibrary(db, store, admin, query({ used: "used" }))).files).toHaveLength(2);
      expect((await listLibrary(db, store, admin, query({ q: "HERO", used: "all" }))).files.map((file) => file.path)).toEqual([
        uploads.hero_image,
      ]);
      // Authors upload and pick, so they see the library; a role without uploads does not.
      expect((await listLibrary(db, store, author, query())).total).toBe(3);
      expect((await refusalOf(listLibrary(db, store, { ...author, role: "analyst" }, query()))).status).toBe(403);
    });

    it("refuses to delete a file used live or staged, listing its places, and deletes an unused one with its copies", async () => {
      const db = app.handle.db;
      const before = await store.list("uploads/");
      const used = await refusalOf(deleteMediaFile(db, store, admin, uploads.logo_url!.slice("/uploads/".length)));
      expect(used.status).toBe(409);
      expect(used.message).toBe("The file is in use and cannot be deleted. Used in: Global settings: logo_url (on the site)");
      const staged = await refusalOf(deleteMediaFile(db, store, admin, uploads.hero_image!.slice("/uploads/".length)));
      expect(staged.status).toBe(409);
      expect(staged.message).toBe("The file is in use and cannot be deleted. Used in: Content: home/hero_image (in the release “Hero”)");
      expect(await store.list("uploads/")).toEqual(before);

      // An author may not delete files; nor may anyone delete a copy or a name from elsewhere.
      expect((await refusalOf(deleteMediaFile(db, store, author, uploads.leftover!.slice("/uploads/".length)))).status).toBe(403);
      expect((await refusalOf(deleteMediaFile(db, store, admin, "../db/pg_control"))).status).toBe(400);
      expect((await refusalOf(deleteMediaFile(db, store, admin, "missing_1.png"))).status).toBe(404);

      const leftover = uploads.leftover!.slice("/uploads/".length);
      const copies = before.filter((key) => key.startsWith(`uploads/${leftover.replace(/\.png$/, "")}-w`));
      expect(copies.length).toBeGreaterThan(0);
      expect(await store.read(`image-info/${leftover}.json`)).toBeDefined();
      await saveMediaInfo(db, admin, leftover, undefined, { ...emptyMediaInfo(), tags: ["spare"], focal: { x: 0.2, y: 0.3 } });
      expect(await infoRows(leftover)).toHaveLength(1);
      await deleteMediaFile(db, store, admin, leftover);
      // What was said of it goes with it, in the same transaction.
      expect(await infoRows(leftover)).toEqual([]);
      expect(
        await db
          .select({ kind: activityEvents.kind, target: activityEvents.target })
          .from(activityEvents)
          .where(eq(activityEvents.target, leftover)),
      ).toEqual([{ kind: "uploads.delete", target: leftover }]);
      expect(await store.list("uploads/")).toEqual(before.filter((key) => key !== `uploads/${leftover}` && !copies.includes(key)));
      expect(await store.read(`image-info/${leftover}.json`)).toBeUndefined();
      expect((await listLibrary(db, store, admin, query())).total).toBe(2);

      // Once the setting no longer names it, the logo is unused and can go.
      await upsertContentValue(db, { page: "global", section: "logo_url", value: "", actor: admin });
      await deleteMediaFile(db, store, admin, uploads.logo_url!.slice("/uploads/".length));
      expect((await listLibrary(db, store, admin, query())).files.map((file) => file.path)).toEqual([uploads.hero_image]);
    });

    it("catalogues each upload with who made it, and filters by kind, uploader and days, a screen at a time", async () => {
      const db = app.handle.db;
      const byAuthor = await storeUpload(Readable.from(await photo(640)), {
        actor: author,
        dataDir: app.env.DATA_DIR,
        settingKey: "author_photo",
        store,
        db,
      });
      const library = await listLibrary(db, store, admin, query());
      const file = library.files.find((entry) => entry.name === byAuthor.fileName)!;
      expect(file).toMatchObject({ type: "image/png", width: 640, height: 400, uploader: { id: author.id } });
      expect(library.uploaders.map((uploader) => uploader.id)).toEqual([author.id, "unknown"]);
      expect((await listLibrary(db, store, admin, query({ uploader: author.id }))).files.map((entry) => entry.name)).toEqual([
        byAuthor.fileName,
      ]);
      expect((await listLibrary(db, store, admin, query({ uploader: "unknown" }))).files.map((entry) => entry.path)).toEqual([
        uploads.hero_image,
      ]);
      expect((await listLibrary(db, store, admin, query({ type: "other" }))).files).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await listLibrary(db, store, admin, query({ from: today, to: today }))).matching).toBe(2);
      expect((await listLibrary(db, store, admin, query({ to: "2020-01-01" }))).matching).toBe(0);
      // An impossible day is no bound, not an error.
      expect((await listLibrary(db, store, admin, query({ from: "2026-02-31" }))).matching).toBe(2);

      // A file of another kind found in the store once the catalogue is made again (a restore
      // marks it so); a file gone from the store leaves it; the author stays the author.
      const pdf = path.join(app.env.DATA_DIR, "price_list.pdf");
      fs.writeFileSync(pdf, "%PDF-1.4 price list");
      await store.putFiles([{ key: "uploads/price_list_1.pdf", file: pdf, contentType: "application/pdf" }]);
      await store.remove([`uploads/${uploads.hero_image!.slice("/uploads/".length)}`]);
      await markCatalogueStale(db);
      const synced = await listLibrary(db, store, admin, query());
      expect(synced.files.map((entry) => entry.name).sort()).toEqual(["price_list_1.pdf", byAuthor.fileName].sort());
      expect(synced.files.find((entry) => entry.name === byAuthor.fileName)?.uploader?.id).toBe(author.id);
      expect((await listLibrary(db, store, admin, query({ type: "other" }))).files).toMatchObject([
        { name: "price_list_1.pdf", type: "application/pdf", width: null, uploader: null },
      ]);
      expect((await listLibrary(db, store, admin, query({ type: "images" }))).files.map((entry) => entry.name)).toEqual([
        byAuthor.fileName,
      ]);

      // Newest first, a screen at a time.
      const start = Date.parse("2026-01-01T00:00:00Z");
      for (let index = 0; index < LIBRARY_PAGE_SIZE + 3; index++)
        await catalogueUpload(
          db,
          { fileName: `bulk_${String(index).padStart(3, "0")}.png`, contentType: "image/png", size: 100 },
          admin,
          new Date(start + index * 60_000),
        );
      const first = await listLibrary(db, store, admin, query({ q: "bulk_" }));
      expect([first.matching, first.pages, first.files.length, first.files[0]?.name]).toEqual([
        LIBRARY_PAGE_SIZE + 3,
        2,
        LIBRARY_PAGE_SIZE,
        "bulk_050.png",
      ]);
      const second = await listLibrary(db, store, admin, query({ q: "bulk_", page: "2" }));
      expect(second.files.map((entry) => entry.name)).toEqual(["bulk_002.png", "bulk_001.png", "bulk_000.png"]);
      expect((await listLibrary(db, store, admin, query({ q: "bulk_", page: "9" }))).files).toEqual([]);
      // A catalogued file gone from the store is taken out of the library by its deletion.
      await deleteMediaFile(db, store, admin, "bulk_000.png");
      expect((await listLibrary(db, store, admin, query({ q: "bulk_" }))).matching).toBe(LIBRARY_PAGE_SIZE + 2);
      await catalogueUpload(db, { fileName: "bulk_000.png", contentType: "image/png", size: 100 }, admin, new Date(start));
      // A name search matches `_` and `%` as themselves.
      expect((await listLibrary(db, store, admin, query({ q: "%" }))).matching).toBe(0);
      expect((await listLibrary(db, store, admin, query({ from: "2026-01-01", to: "2026-01-01", q: "bulk" }))).matching).toBe(
        LIBRARY_PAGE_SIZE + 3,
      );
    });

    it("notes since when each file is unused, and deletes those unused for 30 days or more at once, never a used one", async () => {
      const db = app.handle.db;
      const upload = async (settingKey: string) =>
        (await storeUpload(Readable.from(await photo(500)), { actor: admin, dataDir: app.env.DATA_DIR, settingKey, store, db })).fileName;
      const unusedSince = async (name: string) =>
        (await db.select({ at: mediaFiles.unusedSince }).from(mediaFiles).where(eq(mediaFiles.name, name)))[0]?.at ?? null;

      const dropped = await upload("old_logo");
      expect(Date.now() - (await unusedSince(dropped))!.getTime()).toBeLessThan(60_000);
      await upsertContentValue(db, { page: "global", section: "logo_url", value: `/uploads/${dropped}`, actor: admin });
      expect(await unusedSince(dropped)).toBeNull();
      await upsertContentValue(db, { page: "global", section: "logo_url", value: "", actor: admin });
      expect(Date.now() - (await unusedSince(dropped))!.getTime()).toBeLessThan(60_000);

      const staged = await upload("next_hero");
      const release = await createRelease(db, "Next hero", admin);
      await setDrafting(db, admin, release.id);
      await upsertContentValue(db, { page: "home", section: "hero_image", value: `/uploads/${staged}`, actor: admin });
      await setDrafting(db, admin, null);
      expect(await unusedSince(staged)).toBeNull();

      // A month on: both marked unused long ago (the staged one wrongly, so the check at deletion is seen to hold).
      await db
        .update(mediaFiles)
        .set({ unusedSince: sql`now() - interval '31 days'` })
        .where(inArray(mediaFiles.name, [dropped, staged]));
      const before = await listLibrary(db, store, admin, query());
      expect((await refusalOf(deleteLongUnusedFiles(db, store, author))).status).toBe(403);
      await saveMediaInfo(db, admin, dropped, undefined, { ...emptyMediaInfo(), tags: ["old"] });
      const deleted = await deleteLongUnusedFiles(db, store, admin);
      expect(deleted).toContain(dropped);
      expect(await infoRows(dropped)).toEqual([]);
      expect(deleted).not.toContain(staged);
      expect(before.longUnused).toBe(deleted.length);
      const logged = await db
        .select({ details: activityEvents.details })
        .from(activityEvents)
        .where(eq(activityEvents.kind, "uploads.delete_unused"));
      expect(logged.flatMap((event) => (event.details as { files: string[] }).files).sort()).toEqual([...deleted].sort());
      expect(await store.list(`uploads/${dropped.replace(/\.png$/, "")}`)).toEqual([]);
      expect((await store.list(`uploads/${staged}`)).length).toBe(1);
      const after = await listLibrary(db, store, admin, query());
      expect([after.longUnused, after.total]).toEqual([0, before.total - deleted.length]);
      expect(after.files.map((file) => file.name)).toContain(staged);
    });
  });
});
