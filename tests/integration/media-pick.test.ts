// An image field given a file of the library (issue 45, item 6): the value becomes the file's
// address through the record store (live, or staged while a release is drafted); a field that
// holds no image, a file the library does not have, and a role that may not upload are refused
// with a message, changing nothing.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, releaseChanges, user } from "~/db/schema";
import { getPageContent } from "~/features/content/read.server";
import { listUsages } from "~/features/media/usage.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { localUploadStore } from "~/features/uploads/local-store.server";
import { action as pickAction } from "~/routes/admin.media.pick";
import { action as releasesAction } from "~/routes/admin.other.releases";
import { callRoute, postForm } from "../support/admin-routes";
import { tinyImages } from "../support/images";
import { onBothDatabases, signUpAndGetCookie, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("choosing a library image for a field on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  let analyst: string;
  let fileName: string;
  const pick = (fields: Record<string, string>, cookie = admin) =>
    callRoute(pickAction, postForm("/admin/media/pick", { intent: "pick-media-file", ...fields }, cookie));

  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    analyst = await signUpAndGetCookie(app.auth, "analyst@example.com");
    const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "analyst@example.com"));
    await app.handle.db.insert(adminUsers).values({ userId: row!.id, role: "analyst" });
    const stored = await storeUpload(Readable.from([tinyImages.png]), {
      actor: null,
      dataDir: app.env.DATA_DIR,
      settingKey: "library_photo",
      store: localUploadStore(app.env.DATA_DIR),
      db: app.handle.db,
    });
    fileName = stored.fileName;
  });

  it("gives the field the file's address, and the usage index knows it", async () => {
    const answer = await pick({ page: "home", section: "hero_image", file: fileName });
    expect(answer.body).toEqual({ ok: true, intent: "pick-media-file", url: `/uploads/${fileName}` });
    expect((await getPageContent("home")).hero_image).toBe(`/uploads/${fileName}`);
    expect((await listUsages(app.handle.db, [`/uploads/${fileName}`])).map((usage) => usage.recordKey)).toEqual(["home/hero_image"]);
  });

  it("refuses a field that holds no image, an unknown file, a malformed name and a role that may not upload", async () => {
    const before = (await getPageContent("global")).company_name;
    for (const [fields, status, message, cookie] of [
      [{ page: "global", section: "company_name", file: fileName }, 400, "This content value does not hold an image.", admin],
      [{ page: "home", section: "hero_image", file: "nothing_1.png" }, 404, "Такого файла нет в медиатеке", admin],
      [{ page: "home", section: "hero_image", file: "../secret" }, 400, "Неверное имя файла", admin],
      [{ page: "home", section: "hero_image", file: fileName }, 403, undefined, analyst],
    ] as [Record<string, string>, number, string | undefined, string][]) {
      const answer = await pick(fields, cookie);
      expect({ fields, status: answer.status }).toEqual({ fields, status });
      if (message) expect(answer.body.message).toBe(message);
    }
    expect((await getPageContent("global")).company_name).toBe(before);
  });

  it("stages the choice while a release is drafted", async () => {
    const created = await callRoute(
      releasesAction,
      postForm("/admin/other/releases", { intent: "create-release", name: "New logo" }, admin),
    );
    expect(created.status).toBeLessThan(400);
    expect((await pick({ page: "global", section: "logo_url", file: fileName })).status).toBe(200);
    expect((await getPageContent("global")).logo_url).not.toBe(`/uploads/${fileName}`);
    const staged = await app.handle.db.select().from(releaseChanges).where(eq(releaseChanges.key, "global/logo_url"));
    expect(staged).toHaveLength(1);
    await callRoute(releasesAction, postForm("/admin/other/releases", { intent: "go-live" }, admin));
  });
});
