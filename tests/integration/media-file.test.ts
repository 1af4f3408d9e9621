// A file's page in the media library (issue 45, item 2): its facts (who uploaded it and when, or
// "unknown" for a file found in the store), where it is used, and what an administrator says of
// it (alt text and caption per site locale, decorative, tags, focal point), saved through the
// record store: a revision and a log line each, a stale save answered 409 with the content's
// conflict message, bad input refused with its message and nothing stored, restorable from the
// history. The library then finds the file by its alt text and tags.
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, adminUsers, contentRevisions, mediaFileInfo, mediaFiles, siteLocales, user } from "~/db/schema";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { mediaInfoKey } from "~/features/media/info.server";
import { listLibrary } from "~/features/media/library.server";
import { libraryQuerySchema } from "~/features/media/query";
import { restoreRevision } from "~/features/records/restore.server";
import { CONFLICT_MESSAGE } from "~/features/records/revisions.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { localUploadStore } from "~/features/uploads/local-store.server";
import { action, loader } from "~/routes/admin.other.media.$name";
import { action as libraryAction } from "~/routes/admin.other.media";
import { action as replaceAction } from "~/routes/admin.media.replace";
import { replaceMediaFile } from "~/features/media/replace.server";
import { getPageContent } from "~/features/content/read.server";
import { callRoute, postForm } from "../support/admin-routes";
import { tinyImages } from "../support/images";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("a media file's page on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  let analyst: string;
  let photo: string;
  let other: string;
  const open = (name: string, cookie = admin) => callRoute(loader, siteRequest(`/admin/other/media/${name}`, { cookie }), { name });
  const save = (name: string, fields: Record<string, string | number>, cookie = admin) =>
    callRoute(action, postForm(`/admin/other/media/${name}`, { intent: "save-media-info", ...fields }, cookie), { name });
  const stored = async (name: string) => (await app.handle.db.select().from(mediaFileInfo).where(eq(mediaFileInfo.name, name)))[0];

  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    analyst = await signUpAndGetCookie(app.auth, "analyst@example.com");
    const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "analyst@example.com"));
    await app.handle.db.insert(adminUsers).values({ userId: row!.id, role: "analyst" });
    await app.handle.db.insert(siteLocales).values({ code: "de", state: "public", position: 1 });
    const [adminRow] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
    const store = localUploadStore(app.env.DATA_DIR);
    const upload = (settingKey: string, actor: { id: string; email: string; role: string } | null) =>
      storeUpload(Readable.from([tinyImages.png]), { actor, dataDir: app.env.DATA_DIR, settingKey, store, db: app.handle.db });
    photo = (await upload("team_photo", { id: adminRow!.id, email: "admin@example.com", role: "administrator" })).fileName;
    other = (await upload("ornament", null)).fileName;
  });

  it("shows the file's facts, who uploaded it (unknown when not stored) and the site's locales", async () => {
    const answer = await open(photo);
    expect(answer.status).toBe(200);
    const file = answer.body.file;
    expect(file).toMatchObject({ name: photo, path: `/uploads/${photo}`, type: "image/png", width: 2, height: 2, version: 0 });
    expect(file.size).toBe(tinyImages.png.length);
    expect(file.uploader.name ?? file.uploader.id).toBeTruthy();
    expect(file.uploadedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(file.locales).toEqual(["en", "de"]);
    expect(file.info).toEqual({ alt: {}, decorative: false, caption: {}, tags: [], focal: null, replacedBy: null, previous: [] });
    const unknown = (await open(other)).body.file;
    expect({ uploader: unknown.uploader, uploadedAt: unknown.uploadedAt }).toEqual({ uploader: null, uploadedAt: null });
    expect((await open("nothing_here.png")).status).toBe(404);
    expect((await open("../etc")).status).toBe(404);
    expect((await open(photo, analyst)).status).toBe(403);
  });

  it("saves alt text per locale, caption, tags and the focal point with a revision and a log line", async () => {
    const answer = await save(photo, {
      version: 0,
      "alt.en": "Our team in the Berlin office",
      "alt.de": "Unser Team im Berliner Büro",
      "caption.en": "Spring 2026",
      tags: "Team, office, team",
      focalX: "0.25",
      focalY: "0.7",
    });
    expect(answer.body).toMatchObject({ ok: true, changed: true, staged: false });
    expect(await stored(photo)).toMatchObject({
      alt: { en: "Our team in the Berlin office", de: "Unser Team im Berliner Büro" },
      caption: { en: "Spring 2026" },
      decorative: false,
      tags: ["office", "team"],
    });
    const row = (await stored(photo))!;
    expect([row.focalX, row.focalY].map((value) => Math.round(value! * 100) / 100)).toEqual([0.25, 0.7]);
    const key = mediaInfoKey(photo).text;
    expect(key).toBe(`media:${photo}`);
    const revisions = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, key));
    expect(revisions).toHaveLength(1);
    const events = await app.handle.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.target, key)));
    expect(events.map((event) => [event.kind, event.area])).toEqual([["uploads.update", "uploads"]]);
    const page = (await open(photo)).body.file;
    expect(page.version).toBe(revisions[0]!.id);
    // The same values again (German first this time): nothing to write, no revision.
    const again = await save(photo, {
      version: page.version,
      "alt.de": "Unser Team im Berliner Büro",
      "alt.en": "Our team in the Berlin office",
      "caption.en": "Spring 2026",
      tags: "office, team",
      focalX: "0.25",
      focalY: "0.7",
    });
    expect(again.body).toMatchObject({ ok: true, changed: false });
    expect(await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, key))).toHaveLength(1);
    expect(page.info.focal).toEqual({ x: 0.25, y: 0.7 });
  });

  it("marks another image decorative, with no alt text asked for even while it is used", async () => {
    await upsertContentValue(app.handle.db, {
      page: "home",
      section: "hero_image",
      value: `/uploads/${other}`,
      actor: { id: "x", email: "admin@example.com", role: "administrator" },
    });
    const refused = await save(other, { version: 0, "alt.de": "nur Deutsch" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Изображение используется на сайте: заполните альтернативный текст (en) или отметьте изображение как декоративное",
    );
    expect(await stored(other)).toBeUndefined();
    const answer = await save(other, { version: 0, decorative: "on" });
    expect(answer.body).toMatchObject({ ok: true, changed: true });
    expect(await stored(other)).toMatchObject({ decorative: true, alt: {} });
    const page = (await open(other)).body.file;
    expect(page.places.map((place: { key: string }) => place.key)).toEqual(["home/hero_image"]);
  });

  it("answers a save from a page opened before another administrator's 409 with the content's conflict message", async () => {
    const version = (await open(photo)).body.file.version as number;
    expect((await save(photo, { version, "alt.en": "First change", tags: "team" })).body.ok).toBe(true);
    const stale = await save(photo, { version, "alt.en": "Second change", tags: "team" });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: "conflict", message: CONFLICT_MESSAGE });
    expect(stale.body.conflict.value.alt.en).toBe("First change");
    expect((await stored(photo))!.alt.en).toBe("First change");
  });

  it("refuses alt text over the limit or with markup, a focal point outside the image and bad tags, storing nothing", async () => {
    const version = (await open(photo)).body.file.version as number;
    const before = await stored(photo);
    for (const [fields, message] of [
      [{ "alt.en": "x".repeat(251) }, "Альтернативный текст длиннее 250 символов"],
      [{ "alt.en": "A <b>bold</b> team" }, "Разметка (<, >, &…;) и управляющие символы не допускаются: только обычный текст"],
      [{ "alt.de": "Team &amp; Büro" }, "Разметка (<, >, &…;) и управляющие символы не допускаются: только обычный текст"],
      [{ "alt.en": "Team", focalX: "1.5", focalY: "0.5" }, "Точка фокуса должна быть внутри изображения: от 0 до 1 по каждой оси"],
      [{ "alt.en": "Team", focalX: "-0.1", focalY: "0.5" }, "Точка фокуса должна быть внутри изображения: от 0 до 1 по каждой оси"],
      [{ "alt.en": "Team", focalX: "0.5" }, "Точка фокуса должна быть внутри изображения: от 0 до 1 по каждой оси"],
      [{ "alt.en": "Team", focalX: "abc", focalY: "0.5" }, "Точка фокуса должна быть внутри изображения: от 0 до 1 по каждой оси"],
      [{ "alt.en": "Team", tags: "<script>" }, "Метка — это буквы, цифры, пробелы, дефисы и подчёркивания"],
    ] as [Record<string, string>, string][]) {
      const answer = await save(photo, { version, ...fields });
      expect({ fields, status: answer.status, message: answer.body.message }).toEqual({ fields, status: 400, message });
    }
    expect(await stored(photo)).toEqual(before);
    expect((await save(photo, { version, "alt.en": "Team" }, analyst)).status).toBe(403);
    expect((await save("nothing_here.png", { version: 0, "alt.en": "Team" })).status).toBe(404);
  });

  it("puts an earlier value back from the history", async () => {
    const key = mediaInfoKey(photo);
    const [first] = await app.handle.db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.key, key.text))
      .orderBy(contentRevisions.id)
      .limit(1);
    expect(await restoreRevision(app.handle.db, key, first!.id, { id: "x", email: "admin@example.com", role: "administrator" })).toBe(true);
    expect((await stored(photo))!.alt.en).toBe("Our team in the Berlin office");
  });

  it("lets the library find the file by alt text in any locale and by tag", async () => {
    const actor = { id: "x", email: "admin@example.com", role: "administrator" };
    const search = async (parameters: Record<string, string>) =>
      (await listLibrary(app.handle.db, localUploadStore(app.env.DATA_DIR), actor, libraryQuerySchema.parse(parameters))).files.map(
        (file) => file.name,
      );
    expect(await search({ q: "berliner büro" })).toEqual([photo]);
    expect(await search({ q: "BERLIN OFFICE" })).toEqual([photo]);
    expect(await search({ q: "office" })).toEqual([photo]);
    expect(await search({ tag: "team" })).toEqual([photo]);
    expect(await search({ tag: "nothing" })).toEqual([]);
    expect(await search({ q: "ornament" })).toEqual([other]);
    const library = await listLibrary(app.handle.db, localUploadStore(app.env.DATA_DIR), actor, libraryQuerySchema.parse({}));
    expect(library.tags).toEqual(["office", "team"]);
    expect(library.files.find((file) => file.name === photo)!.alt.de).toBe("Unser Team im Berliner Büro");
  });

  it("refuses deleting or replacing a file another administrator changed since the library showed it (409)", async () => {
    const store = localUploadStore(app.env.DATA_DIR);
    const shown = (await open(photo)).body.file.version as number;
    expect((await save(photo, { version: shown, "alt.en": "Changed meanwhile" })).body.ok).toBe(true);
    const deletion = await callRoute(
      libraryAction,
      postForm("/admin/other/media", { intent: "delete-media-file", file: photo, version: shown }, admin),
    );
    expect(deletion.status).toBe(409);
    expect(deletion.body.message).toBe(CONFLICT_MESSAGE);
    const files = await app.handle.db.select({ name: mediaFiles.name }).from(mediaFiles);
    expect(files.map((file) => file.name)).toContain(photo);
    const storedBefore = (await store.listDetails("uploads/")).length;
    const replacing = await callRoute(
      replaceAction,
      siteRequest(`/admin/media/replace?file=${photo}&version=${shown}`, {
        method: "POST",
        body: tinyImages.png,
        cookie: admin,
        headers: { "content-type": "image/png" },
      }),
    );
    expect(replacing.status).toBe(409);
    expect(replacing.body.message).toBe(CONFLICT_MESSAGE);
    // Nothing stored: the catalogue has the same files, the record still names no newer version.
    expect((await app.handle.db.select({ name: mediaFiles.name }).from(mediaFiles)).length).toBe(files.length);
    expect((await stored(photo))!.replacedBy).toBeNull();
    expect(await store.listDetails("uploads/")).toHaveLength(storedBefore);
  });

  it("keeps a replaced file as an earlier version of the new one, which can be made current again", async () => {
    const store = localUploadStore(app.env.DATA_DIR);
    const shown = (await open(other)).body.file.version as number;
    const replaced = await replaceMediaFile(
      app.handle.db,
      store,
      { id: "x", email: "admin@example.com", role: "administrator" },
      other,
      Readable.from([tinyImages.png]),
      app.env.DATA_DIR,
      shown,
    );
    expect(replaced.records).toBe(1);
    const newer = (await open(replaced.file)).body.file;
    expect(newer.info).toMatchObject({ decorative: true, previous: [other], replacedBy: null });
    expect((await open(other)).body.file.info.replacedBy).toBe(replaced.file);
    expect((await getPageContent("home")).hero_image).toBe(replaced.url);
    // Made current again from the newer version's page, from the version it showed.
    const stale = await save(replaced.file, { version: 0, decorative: "on" });
    expect(stale.status).toBe(409);
    const restored = await save(replaced.file, { intent: "restore-media-version", file: other, version: newer.version });
    expect(restored.body).toMatchObject({ ok: true, records: 1, file: other });
    expect((await getPageContent("home")).hero_image).toBe(`/uploads/${other}`);
    expect((await open(other)).body.file.info).toMatchObject({ replacedBy: null, previous: [replaced.file] });
    // A file that is not one of its versions is refused.
    const unknown = await save(other, { intent: "restore-media-version", file: photo, version: (await open(other)).body.file.version });
    expect(unknown.status).toBe(404);
    expect((await getPageContent("home")).hero_image).toBe(`/uploads/${other}`);
  });
});
