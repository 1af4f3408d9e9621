// Replacing a file in place (issue 45, item 5): a new version of a file used by a setting, a
// content key and a landing page (its block and its SEO image) is stored, and every one of them
// shows it in one group write (undone as one); the old file stays stored for the history. Inside a
// release the change is staged. Refused with a message, storing nothing: an unknown file, bytes
// that are no image, a role that may not upload.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, mediaFiles, releaseChanges } from "~/db/schema";
import { getPageContent } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { undoGroup } from "~/features/history/revision-groups.server";
import { listUsages } from "~/features/media/usage.server";
import { replaceMediaFile, withPathReplaced } from "~/features/media/replace.server";
import { createBlock } from "~/features/pages/blocks/blocks";
import { createPage, savePage } from "~/features/pages/pages.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { emptySeo } from "~/features/seo/seo-fields";
import { storeUpload } from "~/features/uploads/storage.server";
import { localUploadStore } from "~/features/uploads/local-store.server";
import { isRefusal } from "~/platform/refusal";
import { tinyImages } from "../support/images";
import { onBothDatabases, useTestApp } from "../support/test-database";

const admin = { id: "replace-admin", email: "replace@example.com", role: "administrator" };
const analyst = { id: "replace-analyst", email: "analyst@example.com", role: "analyst" };

describe("a value with an upload's path replaced", () => {
  it("replaces whole paths only, anywhere in the value", () => {
    expect(
      withPathReplaced(
        { src: "/uploads/hero_1.png", other: "/uploads/hero_1.png.bak /uploads/hero_10.png", list: ["x /uploads/hero_1.png y"] },
        "/uploads/hero_1.png",
        "/uploads/hero_2.webp",
      ),
    ).toEqual({ src: "/uploads/hero_2.webp", other: "/uploads/hero_1.png.bak /uploads/hero_10.png", list: ["x /uploads/hero_2.webp y"] });
  });
});

describe.each(onBothDatabases)("replacing a file in place on %s", (kind) => {
  const app = useTestApp(kind);
  const store = () => localUploadStore(app.env.DATA_DIR);
  const upload = async (bytes: Buffer, key: string) =>
    storeUpload(Readable.from([bytes]), { actor: admin, dataDir: app.env.DATA_DIR, settingKey: key, store: store(), db: app.handle.db });
  const replace = (file: string, bytes: Buffer, actor = admin) =>
    replaceMediaFile(app.handle.db, store(), actor, file, Readable.from([bytes]), app.env.DATA_DIR);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) =>
        isRefusal(error) || (error as { status?: number }).status ? { status: (error as { status: number }).status } : error,
    );
  let original: { url: string; fileName: string };
  let pageId: number;

  beforeAll(async () => {
    const db = app.handle.db;
    original = await upload(tinyImages.png, "hero_image");
    await upsertContentValue(db, { page: "home", section: "hero_image", value: original.url, actor: admin });
    await upsertContentValue(db, { page: "global", section: "logo_url", value: original.url, actor: admin });
    const page = (await createPage(db, { title: "Spring", path: "/spring" }, admin)) as { id: number };
    pageId = page.id;
    const hero = createBlock("hero");
    await savePage(
      db,
      {
        id: page.id,
        title: "Spring",
        path: "/spring",
        blocks: [{ ...hero, data: { ...hero.data, image: { src: original.url, alt: "A phone", decorative: false } } }],
        seo: { ...emptySeo, ogImage: original.url },
      },
      admin,
    );
  });

  it("gives every record the new version in one group, keeps the old file, and is undone as one", async () => {
    const db = app.handle.db;
    const replaced = await replace(original.fileName, tinyImages.jpg);
    expect(replaced).toMatchObject({ records: 3, staged: false, url: expect.stringMatching(/^\/uploads\/hero_image_\d+\.jpg$/) });
    expect((await getPageContent("home")).hero_image).toBe(replaced.url);
    const usages = await listUsages(db, [original.url, replaced.url]);
    expect(usages.filter((usage) => usage.path === original.url)).toEqual([]);
    expect(
      usages
        .filter((usage) => usage.path === replaced.url)
        .map((usage) => usage.recordKey)
        .sort(),
    ).toEqual(["global/logo_url", "home/hero_image", `page:${pageId}`].sort());
    // The old version stays stored and catalogued (the records' history names it).
    expect(await store().read(`uploads/${original.fileName}`)).toBeDefined();
    expect((await db.select().from(mediaFiles).where(eq(mediaFiles.name, original.fileName))).length).toBe(1);
    const [event] = await db.select().from(activityEvents).where(eq(activityEvents.kind, "uploads.replace"));
    expect(event).toMatchObject({ area: "uploads", userEmail: admin.email });
    // Undone as one group: every record shows the old version again.
    await undoGroup(db, replaced.groupId!, admin);
    expect((await getPageContent("home")).hero_image).toBe(original.url);
    expect((await listUsages(db, [original.url])).length).toBe(3);
  });

  it("inside a release, the new version is staged: the site keeps the old one until it publishes", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "New photo", admin);
    await setDrafting(db, admin, release.id);
    try {
      const replaced = await replace(original.fileName, tinyImages.webp);
      expect(replaced).toMatchObject({ records: 3, staged: true });
      expect((await getPageContent("home")).hero_image).toBe(original.url);
      const staged = await db.select().from(releaseChanges).where(eq(releaseChanges.releaseId, release.id));
      // The records that show it, and the two versions' records (which replaced which), staged together.
      expect(staged.map((change) => change.key).sort()).toEqual(
        ["global/logo_url", "home/hero_image", `page:${pageId}`, `media:${original.fileName}`, `media:${replaced.file}`].sort(),
      );
      expect(JSON.stringify(staged.map((change) => change.staged))).toContain(replaced.url);
    } finally {
      await setDrafting(db, admin, null);
    }
  });

  it("refuses an unknown file, bytes that are no image and a role that may not upload, storing nothing", async () => {
    const db = app.handle.db;
    const files = async () => (await db.select({ name: mediaFiles.name }).from(mediaFiles)).map((row) => row.name).sort();
    const before = await files();
    expect(await refusal(replace("nothing_1.png", tinyImages.png))).toEqual({ status: 404 });
    expect(await refusal(replace(original.fileName, Buffer.from("%PDF-1.4 not an image")))).toEqual({ status: 415 });
    expect(await refusal(replace(original.fileName, tinyImages.png, analyst))).toEqual({ status: 403 });
    expect(await files()).toEqual(before);
    expect((await getPageContent("home")).hero_image).toBe(original.url);
  });
});
