// A focal point saved while a release is being drafted is staged (issue 45): the public pages keep
// the live point, the release's preview shows the staged one (object-position and the Open Graph
// crop, made beside the live crop, which stays), and the publish makes it live.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { saveMediaInfo } from "~/features/media/info.server";
import { emptyMediaInfo, type FocalPoint } from "~/features/media/info";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview } from "~/features/records/preview-context.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { storeUpload } from "~/features/uploads/storage.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { loader as rootLoader } from "~/root";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("a staged focal point on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin = { id: "", email: "focal-release@example.com", role: "administrator" };
  let file: { url: string; fileName: string };

  beforeAll(async () => {
    await signUpAndGetCookie(app.auth, admin.email);
    admin = { ...admin, id: (await db().select({ id: user.id }).from(user).where(eq(user.email, admin.email)))[0]!.id };
    const bytes = await sharp({ create: { width: 2000, height: 600, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    file = await storeUpload(Readable.from([bytes]), {
      actor: admin,
      dataDir: app.env.DATA_DIR,
      settingKey: "og_image_url",
      store: getUploadStore(),
      db: db(),
    });
    await upsertContentValue(db(), { page: "global", section: "og_image_url", value: file.url, actor: admin });
  }, 60_000);

  const setFocus = (focal: FocalPoint) =>
    saveMediaInfo(db(), admin, file.fileName, undefined, { ...emptyMediaInfo(), alt: { [DEFAULT_LOCALE]: "Blue" }, focal });
  const site = async () => {
    const root = await rootLoader({ request: siteRequest("/"), params: {}, context: {} } as never);
    return { position: root.images[file.url]?.position, shared: root.seo.openGraphImage };
  };
  const crops = async () => (await getUploadStore().list(`uploads/${file.fileName.replace(/\.png$/, "")}-og`)).sort();
  const stem = () => `/uploads/${file.fileName.replace(/\.png$/, "")}`;

  it("shows in the release's preview only, beside the live point, until the release is published", async () => {
    await setFocus({ x: 0.1, y: 0.5 });
    const live = { position: "10% 50%", shared: `${stem()}-og100x500.jpg` };
    expect(await site()).toEqual(live);

    const release = await createRelease(db(), "Focus", admin);
    await setDrafting(db(), admin, release.id);
    await setFocus({ x: 0.9, y: 0.25 });
    await setDrafting(db(), admin, null);
    expect(await site()).toEqual(live);

    const preview = { kind: "admin" as const, release, staged: await readDraft(db(), release.id), draft: new Map<string, string>() };
    expect(await runInPreview(preview, site)).toEqual({ position: "90% 25%", shared: `${stem()}-og900x250.jpg` });
    // The live crop stays beside the preview's, and the live pages still share it.
    expect(await crops()).toEqual([
      `uploads${live.shared.slice("/uploads".length)}`,
      `uploads${stem().slice("/uploads".length)}-og900x250.jpg`,
    ]);
    expect(await site()).toEqual(live);

    await publishRelease(db(), release.id, admin);
    expect(await site()).toEqual({ position: "90% 25%", shared: `${stem()}-og900x250.jpg` });
    // The live render of the new point removes the earlier crop.
    expect(await crops()).toEqual([`uploads${stem().slice("/uploads".length)}-og900x250.jpg`]);
  }, 60_000);
});
