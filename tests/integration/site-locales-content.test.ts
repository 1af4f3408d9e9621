// The public site in several locales (issue 43): prefixed addresses, reads with the fallback
// policy, legal pages and fees that never fall back silently, menu labels, the hreflang sets and
// the sitemap walked page × locale, staged translations kept from the public until published.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentRevisions, pageContent, recordTranslations } from "~/db/schema";
import { catalogue } from "~/features/content/catalogue/catalogue";
import { feeTextSections } from "~/features/content/locale-policy.server";
import { getActiveMenu, getPageContent } from "~/features/content/read.server";
import { contentRecordKey, menuRecordKey } from "~/features/content/records.server";
import { clearContentCache } from "~/features/records/version.server";
import { requestLocaleOf } from "~/features/locales/routing.server";
import { writeRecords } from "~/features/records/write.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { alternatesOf, pageLocale } from "~/features/seo/locale-alternates.server";
import { publicPagePaths, sitemapPagePaths } from "~/features/seo/public-pages.js";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { isRefusal } from "~/platform/refusal";
import { loader as layoutLoader } from "~/routes/_public";
import { loader as feesLoader } from "~/routes/_public.fees";
import { loader as termsLoader } from "~/routes/_public.terms";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { callRoute } from "../support/admin-routes";
import { onBothDatabases, ORIGIN, siteRequest, useTestApp } from "../support/test-database";
import { setSiteLocales, type SiteLocaleRow } from "../support/site-locales";

const admin = { id: "locales-admin", email: "admin@example.com", role: "administrator" };
const translator = { id: "locales-translator", email: "translator@example.com", role: "translator", locales: ["de"] };

/** The address of a page in a locale (the default's without a prefix). */
const addressIn = (path: string, code: string) => (code === "en" ? path : path === "/" ? `/${code}` : `/${code}${path}`);
/** Runs a read as a request for `address` does. */
const at = <T>(address: string, task: () => Promise<T>, preview = false) => runInRequestLocale(requestLocaleOf(address, preview), task);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isRefusal(error) ? { status: error.status, message: error.message } : error),
  );

describe.each(onBothDatabases)("the site in several locales on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;

  const setLocales = (list: SiteLocaleRow[]) => setSiteLocales(db(), list);

  const snapshot = (page: string, section: string, value: string) => ({
    pageName: page,
    sectionName: section,
    contentType: "text" as const,
    contentValue: value,
    richContent: null,
    pageUrl: null,
  });

  /** Saves texts in one locale through the record store (live, or into the actor's release). */
  const save = (locale: string, texts: [page: string, section: string, value: string][], actor: typeof admin = admin) =>
    writeRecords(db(), {
      actor,
      action: "update",
      plan: async () => ({
        result: true,
        changes: texts.map(([page, section, value]) => ({
          key: contentRecordKey(page, section, locale),
          after: snapshot(page, section, value),
        })),
      }),
    });

  it("with English alone, a prefix is no page and every read is today's", async () => {
    expect(requestLocaleOf("/de/fees")).toMatchObject({ code: "de", served: false });
    expect(requestLocaleOf("/fees")).toMatchObject({ code: "en", prefix: "", defaultCode: "en", served: true });
    const plain = await getPageContent("home");
    expect(await at("/", () => getPageContent("home"))).toBe(plain);
    // The layout answers a prefix of a locale not on with 404 (the page cache serves the site's 404 copy).
    const layout = await at("/de/fees", () => callRoute(layoutLoader as never, siteRequest("/de/fees")));
    expect(layout.status).toBe(404);
  });

  it("serves a public locale under its prefix, a drafted one only in a preview, never the default's", async () => {
    await setLocales([
      { code: "de", state: "public" },
      { code: "fr", state: "draft" },
    ]);
    expect(requestLocaleOf("/de/fees")).toMatchObject({ code: "de", prefix: "/de", defaultCode: "en", served: true });
    expect(requestLocaleOf("/fr/faq")).toMatchObject({ served: false });
    expect(requestLocaleOf("/fr/faq", true)).toMatchObject({ code: "fr", served: true });
    expect(requestLocaleOf("/en/faq")).toMatchObject({ served: false });
    // Not an allowed code: an ordinary address (a landing page's or the 404).
    expect(requestLocaleOf("/xx/faq")).toMatchObject({ code: "en", prefix: "" });
  });

  it("falls back to the default locale's text, then the key's default, never blank; translations only where saved", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    const defaults = Object.fromEntries(catalogue.home.map((entry) => [entry.section, entry.default]));
    await db().insert(pageContent).values({ pageName: "home", sectionName: "hero_subtitle", contentValue: "English subtitle" });
    clearContentCache();
    await save("de", [
      ["home", "hero_title", "Ihr Geld, überall"],
      ["home", "hero_badge", "   "],
    ]);
    const german = await at("/de", () => getPageContent("home"));
    expect(german.hero_title).toBe("Ihr Geld, überall");
    expect(german.hero_subtitle).toBe("English subtitle");
    expect(german.hero_badge).toBe(defaults.hero_badge);
    // English is untouched by the German save; German is blank nowhere English is not (images without one stay empty).
    const english = await at("/", () => getPageContent("home"));
    for (const [section, value] of Object.entries(english)) if (value.trim() !== "") expect(german[section]?.trim(), section).not.toBe("");
    expect(english.hero_title).toBe(defaults.hero_title);
    const [row] = await db().select().from(pageContent).where(eq(pageContent.sectionName, "hero_title"));
    expect(row).toBeUndefined();
  });

  it("gives menu labels per locale and links in the page's locale, with the switcher's links at the end", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    const [item] = await getActiveMenu("header");
    expect(item).toBeDefined();
    await writeRecords(db(), {
      actor: admin,
      action: "update",
      plan: async () => ({ result: true, changes: [{ key: menuRecordKey(item!.id, "de"), after: { ...item, displayName: "Gebühren" } }] }),
    });
    const menu = await at("/de/faq", () => getActiveMenu("header"));
    expect(menu[0]!.displayName).toBe("Gebühren");
    expect((await at("/faq", () => getActiveMenu("header")))[0]!.displayName).toBe(item!.displayName);
    const layout = await at("/de/faq", () => callRoute(layoutLoader as never, siteRequest("/de/faq")));
    const links = layout.body.headerMenu as { id: number; label: string; url: string }[];
    expect(links[0]!.url.startsWith("/de")).toBe(item!.url.startsWith("/"));
    expect(links.slice(-2)).toEqual([
      { id: -1, label: "English", url: "/faq?" },
      { id: -2, label: "Deutsch", url: "/de/faq" },
    ]);
    // The fees page has no German texts: the switcher leads to the German home instead.
    const fees = await at("/fees", () => callRoute(layoutLoader as never, siteRequest("/fees")));
    expect((fees.body.footerMenu as { url: string }[]).at(-1)).toEqual({ id: -2, label: "Deutsch", url: "/de?" });
    // A navigation in the browser from another locale's pages loads a new document.
    const crossing = await at("/de/faq.data", () =>
      callRoute(layoutLoader as never, siteRequest("/de/faq.data?_routes=routes/_public@de,routes/_public.faq@de")),
    );
    expect(crossing.status).toBe(302);
    expect(crossing.headers.get("location")).toBe("/de/faq");
    expect(crossing.headers.get("x-remix-reload-document")).toBe("true");
    // The browser names the page it comes from: from English to German is a new document, within German not.
    const fromEnglish = await at("/de/faq.data", () =>
      callRoute(layoutLoader as never, siteRequest("/de/faq.data", { headers: { referer: `${ORIGIN}/faq` } })),
    );
    expect(fromEnglish.headers.get("location")).toBe("/de/faq");
    const withinGerman = await at("/de/faq.data", () =>
      callRoute(layoutLoader as never, siteRequest("/de/faq.data", { headers: { referer: `${ORIGIN}/de/fees` } })),
    );
    expect(withinGerman.status).toBe(200);
  });

  it("never shows a legal page or the fees in another language silently: a noindexed notice linking to English", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    const notice = await at("/de/terms", () => callRoute(termsLoader as never, siteRequest("/de/terms")));
    expect(notice.status).toBe(200);
    expect(notice.headers.get("x-robots-tag")).toBe("noindex");
    expect(notice.body.html).toContain('href="/terms"');
    // In the page's language, the link naming the English document in English.
    expect(notice.body.html).toContain("Es ist auf Englisch verfügbar: ");
    expect(notice.body.html).toContain(">Terms of Service (English)</a>");
    const english = await at("/terms", () => callRoute(termsLoader as never, siteRequest("/terms")));
    expect(english.headers.get("x-robots-tag")).toBeNull();
    expect(english.body).not.toHaveProperty("englishOnly");

    await save("de", [["terms", "page_content", "<p>Allgemeine Geschäftsbedingungen</p>"]]);
    const own = await at("/de/terms", () => callRoute(termsLoader as never, siteRequest("/de/terms")));
    expect(own.headers.get("x-robots-tag")).toBeNull();
    expect(own.body.html).toBe("<p>Allgemeine Geschäftsbedingungen</p>");

    // Fees: every fee text of its own, or the notice (one missing is enough).
    await save(
      "de",
      feeTextSections.slice(1).map((section) => ["fees", section, `DE ${section}`] as [string, string, string]),
    );
    const partial = await at("/de/fees", () => callRoute(feesLoader as never, siteRequest("/de/fees")));
    expect(partial.headers.get("x-robots-tag")).toBe("noindex");
    expect(partial.body.notice).toContain('href="/fees"');
    await save("de", [["fees", feeTextSections[0]!, "DE first"]]);
    const complete = await at("/de/fees", () => callRoute(feesLoader as never, siteRequest("/de/fees")));
    expect(complete.body).not.toHaveProperty("notice");
    expect(complete.body.content[feeTextSections[0]!]).toBe("DE first");
  });

  it("keeps a staged translation from the public until its release is published, and never touches English", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    const englishBefore = await at("/", () => getPageContent("faq"));
    const englishRevisions = async () =>
      (await db().select().from(contentRevisions).where(eq(contentRevisions.key, "faq/hero_title"))).length;
    const revisionsBefore = await englishRevisions();
    const release = await createRelease(db(), "Deutsch", admin);
    await setDrafting(db(), admin, release.id);
    const staged = await save("de", [["faq", "hero_title", "Häufige Fragen"]]);
    expect(staged).toMatchObject({ staged: true, keys: ["faq/hero_title@de"] });
    expect((await at("/de/faq", () => getPageContent("faq"))).hero_title).toBe(englishBefore.hero_title);
    expect(await at("/", () => getPageContent("faq"))).toEqual(englishBefore);
    expect(await db().select().from(recordTranslations).where(eq(recordTranslations.record, "faq/hero_title"))).toEqual([]);
    // A preview of the release shows it (its staged rows overlay the translations).
    await setDrafting(db(), admin, null);
    await publishRelease(db(), release.id, admin);
    expect((await at("/de/faq", () => getPageContent("faq"))).hero_title).toBe("Häufige Fragen");
    expect(await at("/", () => getPageContent("faq"))).toEqual(englishBefore);
    expect(await englishRevisions()).toBe(revisionsBefore);
    const [row] = await db().select().from(pageContent).where(eq(pageContent.sectionName, "hero_title"));
    expect(row?.pageName === "faq").toBe(false);
  });

  it("lets a translator stage only in the locales assigned to them", async () => {
    await setLocales([
      { code: "de", state: "public" },
      { code: "fr", state: "public" },
    ]);
    const release = await createRelease(db(), "Übersetzung", translator);
    await setDrafting(db(), translator, release.id);
    expect(await refusal(save("fr", [["home", "hero_title", "Votre argent"]], translator))).toMatchObject({ status: 403 });
    expect(await save("de", [["home", "hero_title", "Ihr Geld"]], translator)).toMatchObject({ staged: true });
    expect(await refusal(save("en", [["home", "hero_title", "Your money"]], translator))).toMatchObject({ status: 403 });
  });

  it("gives every page × locale a self-referencing, reciprocal hreflang set with x-default, the sitemap the same sets", async () => {
    await setLocales([
      { code: "de", state: "public" },
      { code: "fr", state: "public" },
      { code: "es", state: "draft" },
    ]);
    // German has its own terms (saved above); French has every fee text, no legal page.
    await save(
      "fr",
      feeTextSections.map((section) => ["fees", section, `FR ${section}`] as [string, string, string]),
    );
    const locales = ["en", "de", "fr"];
    const sitemap = (await callRoute(sitemapLoader as never, siteRequest("/sitemap.xml"))).body as unknown as string;
    const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).not.toContain("/es");
    let checked = 0;
    for (const page of publicPagePaths) {
      const set = await alternatesOf(page);
      for (const code of locales) {
        const address = addressIn(page, code);
        const head = await at(address, () => pageLocale(address, ORIGIN));
        expect(head?.lang ?? "en", address).toBe(code);
        const inSitemap = (sitemapPagePaths as readonly string[]).includes(page);
        const own = set.find((alternate) => alternate.hreflang === code);
        if (!own) {
          // No alternates (English alone has the page), or no content in this locale under the
          // policy: no hreflang on it, in no one's set, in the sitemap only as the English page.
          expect(head?.alternates ?? [], address).toEqual([]);
          expect(listed.has(ORIGIN + address), address).toBe(code === "en" && inSitemap);
          continue;
        }
        checked += 1;
        expect(own.path, address).toBe(address);
        expect(head!.alternates, address).toContainEqual({ hreflang: code, href: ORIGIN + address });
        expect(head!.alternates, address).toContainEqual({ hreflang: "x-default", href: ORIGIN + page });
        // Reciprocal: each alternate's own page names the same set.
        for (const alternate of set.filter((entry) => entry.hreflang !== "x-default")) {
          const there = await at(alternate.path, () => pageLocale(alternate.path, ORIGIN));
          expect(there!.alternates, `${address} ↔ ${alternate.path}`).toEqual(head!.alternates);
        }
        expect(listed.has(ORIGIN + address), address).toBe(inSitemap);
      }
    }
    expect(await alternatesOf("/terms")).toEqual([
      { hreflang: "en", path: "/terms" },
      { hreflang: "de", path: "/de/terms" },
      { hreflang: "x-default", path: "/terms" },
    ]);
    expect((await alternatesOf("/fees")).map((alternate) => alternate.hreflang)).toEqual(["en", "de", "fr", "x-default"]);
    expect(await alternatesOf("/privacy")).toEqual([]);
    expect(checked).toBeGreaterThan(publicPagePaths.length * 2);
    expect(requestLocaleOf("/es")).toMatchObject({ served: false });
  });
});
