// A file's focal point on the public site (issue 45, item 2): the Open Graph image is a 1200 × 630
// crop made around it (stored beside the upload, on the disk or in the bucket, the crop of an
// earlier point removed), and every public image of the file carries it as `object-position`.
// The image: 2000 × 600, red on its left quarter, blue elsewhere; scaled to cover 1200 × 630 the
// crop can show only part of its width, so the point decides whether the red is in it.
import { Readable } from "node:stream";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LandingPage } from "~/components/site/blocks/landing-page";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { saveMediaInfo } from "~/features/media/info.server";
import { emptyMediaInfo, type FocalPoint } from "~/features/media/info";
import { createBlock } from "~/features/pages/blocks/blocks";
import { changePageStatus, createPage, savePage } from "~/features/pages/pages.server";
import type { LandingPageView } from "~/features/pages/view";
import { emptySeo } from "~/features/seo/seo-fields";
import { storeUpload } from "~/features/uploads/storage.server";
import { getUploadStore, type UploadStore } from "~/features/uploads/upload-store.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { loader as rootLoader } from "~/root";
import { loader as pageLoader } from "~/routes/_public.$";
import { loader as publicLayoutLoader } from "~/routes/_public";
import { saveFixedSeo } from "~/features/seo/fixed-page-seo.server";
import { seoDefaults } from "~/features/pages/editor.server";
import { callRoute } from "../support/settings-routes";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { onBothDatabases, siteRequest, useTestApp } from "../support/test-database";
import { cropOf, redAndBlue } from "../support/focal-images";

const admin = { id: "focal-admin", email: "focal@example.com", role: "administrator" };
/** How many pixels of the crop's middle row are red; the crop is the Open Graph size. */
async function redPixels(bytes: Buffer) {
  const crop = await cropOf(bytes);
  expect([crop.width, crop.height]).toEqual([1200, 630]);
  return crop.red;
}

describe.each(onBothDatabases)("a file's focal point on %s", (kind) => {
  describe.each(["disk", "s3"] as const)("with uploads on %s", (storage) => {
    const app = useTestApp(kind);
    let s3: TestS3Server | undefined;
    let store: UploadStore;
    let file: { url: string; fileName: string };

    const setFocus = (focal: FocalPoint) =>
      saveMediaInfo(app.handle.db, admin, file.fileName, undefined, {
        ...emptyMediaInfo(),
        alt: { [DEFAULT_LOCALE]: "Red and blue" },
        focal,
      });
    const crops = async () => (await store.list(`uploads/${file.fileName.replace(/\.png$/, "")}-og`)).sort();
    const sharedImage = async () => {
      const root = await rootLoader({ request: siteRequest("/"), params: {}, context: {} } as never);
      return root.seo.openGraphImage;
    };

    beforeAll(async () => {
      if (storage === "s3") {
        s3 = await startS3Server();
        app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env });
        setEnv(app.env);
      }
      store = getUploadStore();
      expect(store.kind).toBe(storage === "s3" ? "s3" : "local");
      file = await storeUpload(Readable.from([await redAndBlue()]), {
        actor: admin,
        dataDir: app.env.DATA_DIR,
        settingKey: "og_image_url",
        store,
        db: app.handle.db,
      });
      await upsertContentValue(app.handle.db, { page: "global", section: "og_image_url", value: file.url, actor: admin });
    }, 60_000);
    afterAll(async () => {
      await s3?.stop();
    });

    it("shares the image as uploaded without a point, then a 1200 × 630 crop that follows the point", async () => {
      expect(await sharedImage()).toBeUndefined();
      expect(await crops()).toEqual([]);

      await setFocus({ x: 0.1, y: 0.5 });
      const left = await sharedImage();
      expect(left).toMatch(/-og100x500\.jpg$/);
      expect(await crops()).toEqual([`uploads${left!.slice("/uploads".length)}`]);
      expect(await redPixels((await store.read(left!.slice(1)))!)).toBeGreaterThan(400);

      await setFocus({ x: 0.9, y: 0.5 });
      const right = await sharedImage();
      expect(right).toMatch(/-og900x500\.jpg$/);
      // The crop of the earlier point is gone from the store.
      expect(await crops()).toEqual([`uploads${right!.slice("/uploads".length)}`]);
      expect(await redPixels((await store.read(right!.slice(1)))!)).toBe(0);
    }, 60_000);

    it("gives a landing page's image its point as object-position, and its sharing image the crop", async () => {
      const db = app.handle.db;
      const page = (await createPage(db, { title: "Focus", path: `/focus-${storage}` }, admin)) as { id: number };
      const hero = createBlock("hero");
      await savePage(
        db,
        {
          id: page.id,
          title: "Focus",
          path: `/focus-${storage}`,
          blocks: [
            { ...hero, data: { ...hero.data, image: { src: file.url, alt: "Red and blue", decorative: false } } },
            createBlock("disclaimer"),
          ],
          seo: { ...emptySeo, ogImage: file.url },
        },
        admin,
      );
      await changePageStatus(db, { id: page.id, status: "published" }, admin);
      await setFocus({ x: 0.25, y: 0.75 });
      const answer = (await callRoute(pageLoader, siteRequest(`/focus-${storage}`))).body as { page: LandingPageView };
      expect(answer.page.images[file.url]?.position).toBe("25% 75%");
      expect(answer.page.seo.ogImage).toMatch(/-og250x750\.jpg$/);
      // The crop's size goes with it, for the pages' meta (og:image:width and height).
      expect(answer.page.seo).toMatchObject({ ogImageCropped: true });
      const Stub = createRoutesStub([{ path: "*", Component: () => createElement(LandingPage, { page: answer.page }) }]);
      const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
      expect(html).toMatch(/<img[^>]*style="object-position:25% 75%"/);
    }, 60_000);

    it("gives a fixed page's own sharing image the crop, marked so its meta names the crop's size", async () => {
      await saveFixedSeo(app.handle.db, { id: "fees", seo: { ...emptySeo, ogImage: file.url } }, admin);
      await setFocus({ x: 0.3, y: 0.6 });
      const { fixedSeo } = await publicLayoutLoader();
      expect(fixedSeo["/fees"]?.ogImage).toMatch(/-og300x600\.jpg$/);
      expect(fixedSeo["/fees"]).toMatchObject({ ogImageCropped: true });
      // The editors' social card preview crops around the point too.
      expect((await seoDefaults(app.handle.db)).imagePositions[file.url]).toBe("30% 60%");
      await saveFixedSeo(app.handle.db, { id: "fees", seo: emptySeo }, admin);
    }, 60_000);
  });
});
