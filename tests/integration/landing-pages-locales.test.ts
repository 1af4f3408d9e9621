// Campaign landing pages per locale (issue 43): a page's version in German (`page:<id>@de`) has
// its own address under `/de`, title, status, blocks and SEO, written through the record store;
// a German save or publish never changes the English page; addresses are unique within a locale
// (in the database too); a staged version is not public before its release is published; the
// hreflang sets, the sitemap and the language switcher follow which versions are published.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRevisions, landingPages, recordTranslations, siteLocales } from "~/db/schema";
import { pageIntents } from "~/features/pages/intents";
import { getPublishedPage, getRequestedPage } from "~/features/pages/public-page.server";
import { lookupAddress, startPublicIndex } from "~/features/pages/public-index.server";
import { loadSiteLocales, requestLocaleOf } from "~/features/locales/routing.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview } from "~/features/records/preview-context.server";
import { clearContentCache } from "~/features/records/version.server";
import { languageLinks } from "~/features/seo/language-links.server";
import { pageLocale } from "~/features/seo/locale-alternates.server";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { loader as publicLoader } from "~/routes/_public.$";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { callRoute, postForm } from "../support/admin-routes";
import { releaseClient } from "../support/releases";
import { onBothDatabases, ORIGIN, siteRequest, signUpAndGetCookie, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("landing pages per locale on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin = "";
  let stopIndex: (() => Promise<void>) | undefined;
  const as = releaseClient(app, () => admin);

  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    stopIndex = await startPublicIndex(() => app.handle.db, 60_000);
    await db().insert(siteLocales).values({ code: "de", state: "public", position: 1 });
    clearContentCache();
    await loadSiteLocales();
  });
  afterAll(async () => {
    await stopIndex?.();
  });

  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const section = async (id: number, locale?: string) =>
    (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${id}${locale ? `&locale=${locale}` : ""}`, { cookie: admin })))
      .body;
  const visit = (path: string) => callRoute(publicLoader, siteRequest(path));
  const sitemap = async () =>
    (await sitemapLoader({ request: siteRequest("/sitemap.xml"), params: {}, context: { nonce: "" } } as never)).text();
  const liveRow = async (id: number) => (await db().select().from(landingPages).where(eq(landingPages.id, id)))[0]!;
  const at = <T>(address: string, task: () => Promise<T>) => runInRequestLocale(requestLocaleOf(address), task);

  /** A published English page with a hero and a disclaimer. */
  async function englishPage(path: string, title = "Spring offer") {
    const created = await postPages({ intent: pageIntents.create, title, path });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const open = (await section(id)).editor;
    expect((await postPages({ intent: pageIntents.publish, id, version: open.version })).status).toBe(200);
    return id;
  }

  /** Saves the German version (the editor's fields: its own, or the English page's to start from). */
  async function saveGerman(id: number, changes: { path: string; title?: string; heroTitle?: string; noindex?: boolean }) {
    const open = (await section(id, "de")).editor;
    const blocks = structuredClone(open.blocks) as { type: string; data: Record<string, unknown> }[];
    if (changes.heroTitle) blocks[0]!.data.title = changes.heroTitle;
    return postPages({
      intent: pageIntents.save,
      id,
      locale: "de",
      version: open.version,
      title: changes.title ?? "Frühlingsangebot",
      path: changes.path,
      blocks: JSON.stringify(blocks),
      seo: JSON.stringify({ ...open.seo, ...(changes.noindex ? { noindex: true } : {}) }),
    });
  }
  const publishGerman = async (id: number) =>
    postPages({ intent: pageIntents.publish, id, locale: "de", version: (await section(id, "de")).editor.version });

  it("saves a German draft and publishes it without changing the English page's value or status", async () => {
    const id = await englishPage("/spring");
    const english = await liveRow(id);
    const englishRevisions = await db()
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.key, `page:${id}`));

    // The editor starts the German version from the English page's blocks, marked as not saved yet.
    const opened = await section(id, "de");
    expect(opened.editor.translation).toMatchObject({ locale: "de", saved: false });
    expect(opened.editor.blocks).toEqual((await section(id)).editor.blocks);
    expect(
      await db()
        .select()
        .from(recordTranslations)
        .where(eq(recordTranslations.record, `page:${id}`)),
    ).toEqual([]);

    expect((await saveGerman(id, { path: "/fruehling", heroTitle: "Frühling" })).status).toBe(200);
    expect(await liveRow(id)).toEqual(english);
    const [german] = await db()
      .select()
      .from(recordTranslations)
      .where(eq(recordTranslations.record, `page:${id}`));
    expect(german).toMatchObject({
      locale: "de",
      value: { id, locale: "de", path: "/fruehling", status: "draft", title: "Frühlingsangebot" },
    });
    // A draft answers nowhere.
    expect((await visit("/de/fruehling")).status).toBe(404);
    expect(lookupAddress("/de/fruehling")).toBeUndefined();

    expect((await publishGerman(id)).status).toBe(200);
    expect(await liveRow(id)).toEqual(english);
    expect(
      await db()
        .select()
        .from(contentRevisions)
        .where(eq(contentRevisions.key, `page:${id}`)),
    ).toEqual(englishRevisions);
    const page = await visit("/de/fruehling");
    expect(page.status).toBe(200);
    expect(page.body.page).toMatchObject({ id, title: "Frühlingsangebot", path: "/de/fruehling" });
    expect(page.body.page.blocks[0].data.title).toBe("Frühling");
    expect(lookupAddress("/de/fruehling")).toEqual({ kind: "page", id });
    // The English page is as it was; its address under /de is no page.
    expect((await visit("/spring")).body.page.title).toBe("Spring offer");
    expect((await visit("/de/spring")).status).toBe(404);

    // Unpublishing the German version leaves the English page published.
    const unpublished = await postPages({
      intent: pageIntents.unpublish,
      id,
      locale: "de",
      version: (await section(id, "de")).editor.version,
    });
    expect(unpublished.status).toBe(200);
    expect((await visit("/de/fruehling")).status).toBe(404);
    expect((await liveRow(id)).status).toBe("published");
    expect((await visit("/spring")).status).toBe(200);
  });

  it("refuses an address taken within a locale (in the database too), and allows the same address in two locales", async () => {
    const first = await englishPage("/same-address");
    const second = await englishPage("/other-address");
    // The same address as the English page's, in German: allowed.
    expect((await saveGerman(first, { path: "/same-address" })).status).toBe(200);
    // Another page's German version at it: refused with the field's message, nothing written.
    const refused = await saveGerman(second, { path: "/same-address" });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.path).toEqual(["Этот адрес уже занят другой страницей на этом языке"]);
    expect(
      await db()
        .select()
        .from(recordTranslations)
        .where(eq(recordTranslations.record, `page:${second}`)),
    ).toEqual([]);
    // The database refuses it too, whatever wrote it.
    await expect(
      db()
        .insert(recordTranslations)
        .values({ record: `page:${second}`, locale: "de", value: { id: second, locale: "de", path: "/same-address" }, source: "" }),
    ).rejects.toThrow();
    // An unknown locale and the default's code are no version.
    const unknown = await postPages({
      intent: pageIntents.save,
      id: second,
      locale: "fr",
      title: "x",
      path: "/x",
      blocks: "[]",
      seo: "{}",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Этого языка нет среди языков сайта");
    const malformed = await postPages({ intent: pageIntents.publish, id: second, locale: "<de>" });
    expect(malformed.status).toBe(400);
  });

  it("keeps a staged German version from the public, cached or not, until its release is published", async () => {
    const id = await englishPage("/staged-offer");
    // Warm the public reads (the address index and the published page's cache) as a visitor does.
    expect((await visit("/de/staged-angebot")).status).toBe(404);
    expect(await getPublishedPage("/de/staged-angebot")).toBeUndefined();

    const releaseId = await as.create("Deutsche Kampagne");
    expect((await saveGerman(id, { path: "/staged-angebot" })).status).toBe(200);
    expect((await publishGerman(id)).status).toBe(200);
    expect(
      await db()
        .select()
        .from(recordTranslations)
        .where(eq(recordTranslations.record, `page:${id}`)),
    ).toEqual([]);
    expect((await visit("/de/staged-angebot")).status).toBe(404);
    expect(await getPublishedPage("/de/staged-angebot")).toBeUndefined();
    expect(lookupAddress("/de/staged-angebot")).toBeUndefined();
    expect(await sitemap()).not.toContain("/de/staged-angebot");
    // The release's preview shows it.
    const staged = await readDraft(db(), releaseId);
    expect([...staged.keys()]).toContain(`page:${id}@de`);
    const previewed = await runInPreview({ kind: "admin", release: { id: releaseId, name: "" }, staged, draft: new Map() }, () =>
      getRequestedPage("/de/staged-angebot"),
    );
    expect(previewed).toMatchObject({ id, path: "/de/staged-angebot" });

    const english = await liveRow(id);
    expect((await as.goLive()).status).toBeLessThan(400);
    expect((await as.release(releaseId, { intent: "publish-release" })).status).toBeLessThan(400);
    expect((await visit("/de/staged-angebot")).status).toBe(200);
    expect(lookupAddress("/de/staged-angebot")).toEqual({ kind: "page", id });
    expect(await liveRow(id)).toEqual(english);
  });

  it("lists a page with a German version as reciprocal alternates with x-default, and one without none", async () => {
    const withGerman = await englishPage("/with-german");
    await englishPage("/english-only");
    expect((await saveGerman(withGerman, { path: "/mit-deutsch" })).status).toBe(200);
    expect((await publishGerman(withGerman)).status).toBe(200);

    const expected = [
      { hreflang: "en", href: `${ORIGIN}/with-german` },
      { hreflang: "de", href: `${ORIGIN}/de/mit-deutsch` },
      { hreflang: "x-default", href: `${ORIGIN}/with-german` },
    ];
    const english = await at("/with-german", () => pageLocale("/with-german", ORIGIN));
    const german = await at("/de/mit-deutsch", () => pageLocale("/de/mit-deutsch", ORIGIN));
    expect(english?.alternates).toEqual(expected);
    expect(german).toEqual({ lang: "de", alternates: expected });
    const alone = await at("/english-only", () => pageLocale("/english-only", ORIGIN));
    expect(alone?.alternates ?? []).toEqual([]);

    const xml = await sitemap();
    const links =
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/with-german"/>` +
      `<xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/mit-deutsch"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/with-german"/>`;
    expect(xml).toContain(`<url><loc>${ORIGIN}/with-german</loc>${links}</url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/de/mit-deutsch</loc>${links}</url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/english-only</loc></url>`);
    expect(xml).not.toContain("/de/english-only");

    // The switcher: the same page in the other locale, or that locale's home where it has none.
    const switcher = (address: string) => at(address, () => languageLinks(siteRequest(address)));
    expect((await switcher("/with-german")).map((link) => link.url)).toEqual(["/with-german", "/de/mit-deutsch?"]);
    expect((await switcher("/de/mit-deutsch")).map((link) => link.url)).toEqual(["/with-german?", "/de/mit-deutsch"]);
    expect((await switcher("/english-only")).map((link) => link.url)).toEqual(["/english-only", "/de?"]);

    // A German version with noindex leaves the set (and the sitemap).
    expect((await saveGerman(withGerman, { path: "/mit-deutsch", noindex: true })).status).toBe(200);
    expect((await at("/with-german", () => pageLocale("/with-german", ORIGIN)))?.alternates ?? []).toEqual([]);
    expect(await sitemap()).not.toContain("/de/mit-deutsch");
  });

  it("deletes a page's versions with it", async () => {
    const id = await englishPage("/to-delete");
    expect((await saveGerman(id, { path: "/zu-loeschen" })).status).toBe(200);
    expect((await publishGerman(id)).status).toBe(200);
    expect((await visit("/de/zu-loeschen")).status).toBe(200);
    expect((await postPages({ intent: pageIntents.delete, id, version: (await section(id)).editor.version })).status).toBe(200);
    expect(
      await db()
        .select()
        .from(recordTranslations)
        .where(eq(recordTranslations.record, `page:${id}`)),
    ).toEqual([]);
    expect((await visit("/de/zu-loeschen")).status).toBe(404);
  });
});
