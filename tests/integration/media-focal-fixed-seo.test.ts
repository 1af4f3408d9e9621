// A fixed page's own sharing image (its SEO fields, per locale) follows its file's focal point as
// the site's and a landing page's do (issue 45): with a point, og:image and twitter:image name the
// 1200 × 630 crop around it; without one, the upload as it is.
// The image: 2000 × 600, red on its left quarter, blue elsewhere, so the point decides whether
// the crop shows the red.
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { siteLocales } from "~/db/schema";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { loadSiteLocales, requestLocaleOf } from "~/features/locales/routing.server";
import { saveMediaInfo } from "~/features/media/info.server";
import { emptyMediaInfo, type FocalPoint } from "~/features/media/info";
import { clearContentCache } from "~/features/records/version.server";
import { fixedPageMeta, PUBLIC_LAYOUT_ID } from "~/features/seo/fixed-page-meta";
import { storeUpload } from "~/features/uploads/storage.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { loader as layoutLoader } from "~/routes/_public";
import { action } from "~/routes/admin.other.seo";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, ORIGIN, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";
import { cropOf, redAndBlue } from "../support/focal-images";

const settings = defaultsFor("global");
const site = { origin: ORIGIN, defaultImageAlt: "Valora" };
const person = { id: "focal-seo-admin", email: "focal-seo@example.com", role: "administrator" };
describe.each(onBothDatabases)("a fixed page's sharing image and its file's focal point on %s", (kind) => {
  const app = useTestApp(kind);
  let admin = "";
  const files: { url: string; fileName: string }[] = [];

  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    await app.handle.db.insert(siteLocales).values({ code: "de", state: "public", position: 1 });
    clearContentCache();
    await loadSiteLocales();
    for (let index = 0; index < 2; index += 1) {
      files.push(
        await storeUpload(Readable.from([await redAndBlue()]), {
          actor: person,
          dataDir: app.env.DATA_DIR,
          settingKey: "og_image_url",
          store: getUploadStore(),
          db: app.handle.db,
        }),
      );
    }
  }, 60_000);

  const save = (fields: Record<string, string>) =>
    callRoute(
      action,
      postForm("/admin/other/seo", { title: "", description: "", canonical: "", ogImage: "", noindex: "false", ...fields }, admin),
    );
  const setFocus = (fileName: string, focal: FocalPoint | undefined) =>
    saveMediaInfo(app.handle.db, person, fileName, undefined, {
      ...emptyMediaInfo(),
      alt: { [DEFAULT_LOCALE]: "Red and blue" },
      ...(focal ? { focal } : {}),
    });

  /** The page's head as a visitor's request at `address` renders it. */
  const imageTags = (address: string) =>
    runInRequestLocale(requestLocaleOf(address), async () => {
      const layout = await layoutLoader({ request: siteRequest(address), params: {}, context: {} } as never);
      const head = fixedPageMeta(
        {
          location: { pathname: address },
          matches: [
            { id: "root", loaderData: { settings, seo: site } },
            { id: address.startsWith("/de") ? `${PUBLIC_LAYOUT_ID}@de` : PUBLIC_LAYOUT_ID, loaderData: layout },
          ],
        },
        { title: "Fees", description: "built-in" },
      );
      const content = (name: string) =>
        (
          head.find((tag) => ("property" in tag && tag.property === name) || ("name" in tag && tag.name === name)) as
            { content: string } | undefined
        )?.content;
      const og = content("og:image");
      expect(content("twitter:image")).toBe(og);
      return og;
    });
  const bytesAt = async (absolute: string) => (await getUploadStore().read(new URL(absolute).pathname.slice(1)))!;

  it("shares the upload without a point, then the 1200 × 630 crop around it, per locale", async () => {
    const [english, german] = files as [(typeof files)[0], (typeof files)[0]];
    expect((await save({ intent: "save-fixed-seo", id: "fees", ogImage: english.url })).status).toBe(200);
    expect((await save({ intent: "save-fixed-seo-translation", locale: "de", id: "fees", ogImage: german.url })).status).toBe(200);
    expect(await imageTags("/fees")).toBe(`${ORIGIN}${english.url}`);
    expect(await imageTags("/de/fees")).toBe(`${ORIGIN}${german.url}`);

    await setFocus(english.fileName, { x: 0.1, y: 0.5 });
    const left = await imageTags("/fees");
    expect(left).toBe(`${ORIGIN}${english.url.replace(/\.png$/, "")}-og100x500.jpg`);
    const shown = await cropOf(await bytesAt(left!));
    expect([shown.width, shown.height]).toEqual([1200, 630]);
    expect(shown.red).toBeGreaterThan(400);
    // The German page has an image of its own, still without a point.
    expect(await imageTags("/de/fees")).toBe(`${ORIGIN}${german.url}`);

    await setFocus(german.fileName, { x: 0.9, y: 0.5 });
    const right = await imageTags("/de/fees");
    expect(right).toBe(`${ORIGIN}${german.url.replace(/\.png$/, "")}-og900x500.jpg`);
    expect(await cropOf(await bytesAt(right!))).toEqual({ width: 1200, height: 630, red: 0 });

    // A point moved: the page names the new crop; a point removed: the upload again.
    await setFocus(english.fileName, { x: 0.9, y: 0.5 });
    expect(await imageTags("/fees")).toMatch(/-og900x500\.jpg$/);
    await setFocus(english.fileName, undefined);
    expect(await imageTags("/fees")).toBe(`${ORIGIN}${english.url}`);
  }, 60_000);
});
