// The fixed pages' SEO fields per locale (issue 43): a German title reaches /de/fees and leaves
// English alone, a page without German values falls back to English's (never blank), staged
// German SEO stays private until its release is published, a fallback is never saved as a
// translation, and the locale's completeness counts the fields.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentRevisions, recordTranslations, siteLocales, user } from "~/db/schema";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { translationCompleteness } from "~/features/content/translations.server";
import { loadSiteLocales, requestLocaleOf } from "~/features/locales/routing.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview } from "~/features/records/preview-context.server";
import { clearContentCache } from "~/features/records/version.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { fixedPageMeta, PUBLIC_LAYOUT_ID } from "~/features/seo/fixed-page-meta";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { loader as layoutLoader } from "~/routes/_public";
import { action, loader } from "~/routes/admin.other.seo";
import { action as contentAction } from "~/routes/admin.content";
import { action as historyAction } from "~/routes/admin.history";
import { loader as xliffLoader } from "~/routes/admin.content[.]xlf";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const settings = defaultsFor("global");
const site = { origin: "http://localhost:3000", defaultImageAlt: "Valora" };
const at = <T>(address: string, task: () => Promise<T>) => runInRequestLocale(requestLocaleOf(address), task);

describe.each(onBothDatabases)("the fixed pages' SEO per locale on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin = "";
  let adminId = "";
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    adminId = (await db().select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com")))[0]!.id;
    await db().insert(siteLocales).values({ code: "de", state: "public", position: 1 });
    clearContentCache();
    await loadSiteLocales();
  });

  const saveEnglish = (fields: Record<string, string | number>) =>
    callRoute(
      action,
      postForm(
        "/admin/other/seo",
        { intent: "save-fixed-seo", title: "", description: "", canonical: "", ogImage: "", noindex: "false", ...fields },
        admin,
      ),
    );
  const saveGerman = (fields: Record<string, string | number>) =>
    callRoute(
      action,
      postForm(
        "/admin/other/seo",
        { intent: "save-fixed-seo-translation", locale: "de", title: "", description: "", canonical: "", ogImage: "", ...fields },
        admin,
      ),
    );
  const germanView = async () => {
    const answer = await callRoute(loader, siteRequest("/admin/other/seo?locale=de", { cookie: admin }));
    expect(answer.status).toBe(200);
    return answer.body.translation as {
      pages: {
        id: string;
        version: number;
        fields: Record<
          "title" | "description" | "canonical" | "ogImage",
          { own: string; fallback: string; origin: string; fallbackFrom?: string; stale: boolean }
        >;
      }[];
    };
  };
  const germanPage = async (id: string) => (await germanView()).pages.find((page) => page.id === id)!;

  /** The head a visitor's page at `address` gets (its layout's data read as that request reads it). */
  const head = (address: string, page: { title?: string; description?: string }) =>
    at(address, async () => {
      const layout = await layoutLoader({ request: siteRequest(address), params: {}, context: {} } as never);
      return fixedPageMeta(
        {
          location: { pathname: address },
          matches: [
            { id: "root", loaderData: { settings, seo: site } },
            // The layout's route id under a prefix is its locale's copy's (app/routes.ts).
            { id: address.startsWith("/de") ? `${PUBLIC_LAYOUT_ID}@de` : PUBLIC_LAYOUT_ID, loaderData: layout },
          ],
        },
        page,
      );
    });
  const titleOf = async (address: string) =>
    ((await head(address, { title: "Fees", description: "built-in" })).find((tag) => "title" in tag) as { title: string }).title;
  const tag = async (address: string, property: string) =>
    (
      (await head(address, { title: "Fees", description: "built-in" })).find(
        (entry) => ("property" in entry && entry.property === property) || ("name" in entry && entry.name === property),
      ) as { content: string } | undefined
    )?.content;

  it("a German title saved in the SEO section reaches /de/fees; English pages keep theirs", async () => {
    expect(await titleOf("/de/fees")).toBe(`Fees | ${settings.site_title}`);
    const page = await germanPage("fees");
    expect(page.fields.title).toMatchObject({ own: "", origin: "default" });
    const saved = await saveGerman({ id: "fees", version: page.version, title: "Gebühren", description: "Keine versteckten Kosten" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, stored: true });

    expect(await titleOf("/de/fees")).toBe(`Gebühren | ${settings.site_title}`);
    expect(await tag("/de/fees", "description")).toBe("Keine versteckten Kosten");
    expect(await tag("/de/fees", "og:title")).toBe(`Gebühren | ${settings.site_title}`);
    // The canonical and og:url stay the German page's own address.
    expect(await tag("/de/fees", "og:url")).toBe("http://localhost:3000/de/fees");
    // English is untouched: no row of its own, the page's built-in title.
    expect(await titleOf("/fees")).toBe(`Fees | ${settings.site_title}`);
    expect(await tag("/fees", "description")).toBe("built-in");
    const [row] = await db().select().from(recordTranslations).where(eq(recordTranslations.record, "seo/fees"));
    expect(row?.locale).toBe("de");
    expect((await germanPage("fees")).fields.title).toMatchObject({ own: "Gebühren", origin: "own", stale: false });
  });

  it("without a German value falls back to the English one, then the built-in one; an English canonical is not inherited", async () => {
    expect((await saveEnglish({ id: "faq", title: "Questions", description: "Answers about the wallet", canonical: "/faq" })).status).toBe(
      200,
    );
    const faq = await germanPage("faq");
    expect(faq.fields.title).toMatchObject({ own: "", origin: "fallback", fallbackFrom: "en", fallback: "Questions" });
    expect(faq.fields.canonical).toMatchObject({ own: "", origin: "default" });
    const faqTitle = (address: string) => head(address, { title: "FAQ" }).then((tags) => tags.find((entry) => "title" in entry));
    expect(await faqTitle("/de/faq")).toEqual({ title: `Questions | ${settings.site_title}` });
    expect(await faqTitle("/faq")).toEqual({ title: `Questions | ${settings.site_title}` });
    const canonical = (await head("/de/faq", { title: "FAQ" })).find((entry) => "rel" in entry && entry.rel === "canonical");
    expect(canonical).toMatchObject({ href: "http://localhost:3000/de/faq" });
    // A German description of its own, the title still English's.
    await saveGerman({ id: "faq", version: faq.version, description: "Antworten" });
    const tags = await head("/de/faq", { title: "FAQ" });
    expect(tags).toContainEqual({ title: `Questions | ${settings.site_title}` });
    expect(tags).toContainEqual({ name: "description", content: "Antworten" });
    // A changed English title after the German one was saved marks it stale.
    const withTitle = await germanPage("faq");
    await saveGerman({ id: "faq", version: withTitle.version, title: "Fragen", description: "Antworten" });
    expect((await germanPage("faq")).fields.title.stale).toBe(false);
    await saveEnglish({ id: "faq", title: "Questions and answers", description: "Answers about the wallet", canonical: "/faq" });
    expect((await germanPage("faq")).fields.title).toMatchObject({ own: "Fragen", stale: true });
    expect((await germanPage("faq")).fields.description.stale).toBe(false);
  });

  it("never saves a fallback as a translation", async () => {
    await saveEnglish({ id: "business", title: "For companies", description: "" });
    const before = await germanPage("business");
    expect(before.fields.title.origin).toBe("fallback");
    const unchanged = await saveGerman({ id: "business", version: before.version, title: "For companies" });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ ok: true, stored: false });
    expect(await db().select().from(recordTranslations).where(eq(recordTranslations.record, "seo/business"))).toEqual([]);
    // With another field of its own, the unchanged fallback field still stores nothing.
    await saveGerman({ id: "business", version: before.version, title: "For companies", description: "Für Firmen" });
    const after = await germanPage("business");
    expect(after.fields.title).toMatchObject({ own: "", origin: "fallback" });
    expect(after.fields.description).toMatchObject({ own: "Für Firmen", origin: "own" });
    // Emptying every field removes the translation.
    await saveGerman({ id: "business", version: after.version });
    expect(await db().select().from(recordTranslations).where(eq(recordTranslations.record, "seo/business"))).toEqual([]);
  });

  it("keeps staged German SEO from the public, cached or not, until its release is published", async () => {
    // Read once so the live values are kept for the content version.
    const liveGerman = await titleOf("/de/features");
    const actor = { id: adminId, email: "admin@example.com", role: "administrator" };
    const release = await createRelease(db(), "SEO Deutsch", actor);
    await setDrafting(db(), actor, release.id);
    const staged = await saveGerman({ id: "features", version: (await germanPage("features")).version, title: "Funktionen" });
    expect(staged.status).toBe(200);
    expect(await db().select().from(recordTranslations).where(eq(recordTranslations.record, "seo/features"))).toEqual([]);
    expect(await titleOf("/de/features")).toBe(liveGerman);
    clearContentCache();
    await loadSiteLocales();
    expect(await titleOf("/de/features")).toBe(liveGerman);
    expect(await titleOf("/features")).toBe(`Fees | ${settings.site_title}`);
    // A preview of the release shows it.
    const draft = await readDraft(db(), release.id);
    const previewed = await runInPreview({ kind: "admin", release, staged: draft, draft: new Map() }, () => titleOf("/de/features"));
    expect(previewed).toBe(`Funktionen | ${settings.site_title}`);
    expect(await titleOf("/de/features")).toBe(liveGerman);
    await setDrafting(db(), actor, null);
    await publishRelease(db(), release.id, actor);
    expect(await titleOf("/de/features")).toBe(`Funktionen | ${settings.site_title}`);
    expect(await titleOf("/features")).toBe(`Fees | ${settings.site_title}`);
  });

  it("counts the pages' SEO texts that have an English value in the locale's completeness", async () => {
    const before = await translationCompleteness(db(), "de");
    await saveEnglish({ id: "contact", title: "Talk to us", description: "We answer within a day" });
    const more = await translationCompleteness(db(), "de");
    expect(more.total).toBe(before.total + 2);
    expect(more.complete).toBe(before.complete);
    await saveGerman({ id: "contact", version: (await germanPage("contact")).version, title: "Sprechen Sie mit uns" });
    const translated = await translationCompleteness(db(), "de");
    expect(translated).toEqual({ complete: more.complete + 1, total: more.total });
  });

  it("exports the pages' SEO texts in the locale's XLIFF file and takes them back; a round trip changes nothing", async () => {
    const download = async () =>
      (
        await xliffLoader({ request: siteRequest("/admin/content.xlf?locale=de", { cookie: admin }), params: {}, context: {} } as never)
      ).text();
    const upload = (xliff: string) =>
      callRoute(contentAction, postForm("/admin/content", { intent: "import-xliff", locale: "de", xliff }, admin));
    await saveEnglish({ id: "home", title: "Your wallet", description: "Send money across Europe" });
    const file = await download();
    expect(file).toMatch(/<unit id="seo\/home.title"[^>]*>[\s\S]*?<source xml:space="preserve">Your wallet<\/source>\s*<\/segment>/);
    expect(file).toMatch(/<unit id="seo\/home.description"[^>]*>[\s\S]*?<source xml:space="preserve">Send money across Europe<\/source>/);
    // A page without an English title of its own has nothing to translate: no unit.
    expect(file).not.toContain('<unit id="seo/privacy.title"');
    // The German fees title saved above goes out as its target.
    expect(file).toMatch(/<unit id="seo\/fees.title"[^>]*>[\s\S]*?<target xml:space="preserve">Gebühren<\/target>/);
    const unchanged = await upload(file);
    expect(unchanged.body).toMatchObject({ ok: true, changed: 0 });

    const translated = file.replace(
      /(<unit id="seo\/home.title"[^>]*>[\s\S]*?<source xml:space="preserve">Your wallet<\/source>)/,
      '$1\n        <target xml:space="preserve">Ihr Konto</target>',
    );
    // Markup in a plain-text field refuses the whole file.
    const refused = await upload(translated.replace("Ihr Konto", "&lt;b&gt;Ihr&lt;/b&gt; Konto"));
    expect(refused.status).toBe(422);
    expect(await db().select().from(recordTranslations).where(eq(recordTranslations.record, "seo/home"))).toEqual([]);
    const imported = await upload(translated);
    expect(imported.body).toMatchObject({ ok: true, changed: 1 });
    expect((await germanPage("home")).fields.title).toMatchObject({ own: "Ihr Konto", origin: "own" });
    expect((await germanPage("home")).fields.description).toMatchObject({ own: "", origin: "fallback" });
    expect(await titleOf("/de/home")).toBe(`Ihr Konto | ${settings.site_title}`);
    expect((await upload(await download())).body).toMatchObject({ ok: true, changed: 0 });
  });

  it("refuses a save from an editor opened before another, and restores an earlier German revision", async () => {
    const opened = await germanPage("terms");
    expect((await saveGerman({ id: "terms", version: opened.version, title: "AGB" })).status).toBe(200);
    const [first] = await db().select().from(contentRevisions).where(eq(contentRevisions.key, "seo/terms@de"));
    expect(first).toBeDefined();
    // The tab opened before that save is told of the conflict, and nothing changes.
    expect((await saveGerman({ id: "terms", version: opened.version, title: "Old tab" })).status).toBe(409);
    expect((await saveGerman({ id: "terms", version: first!.id, title: "Nutzungsbedingungen" })).status).toBe(200);
    expect(await titleOf("/de/terms")).toBe(`Nutzungsbedingungen | ${settings.site_title}`);
    const restored = await callRoute(
      historyAction,
      postForm("/admin/history", { intent: "restore-revision", key: "seo/terms@de", revisionId: first!.id }, admin),
    );
    expect(restored.status).toBe(200);
    expect(await titleOf("/de/terms")).toBe(`AGB | ${settings.site_title}`);
    // English never had a revision of its own.
    expect(await db().select().from(contentRevisions).where(eq(contentRevisions.key, "seo/terms"))).toEqual([]);
  });

  it("refuses a bad locale, an unknown page and bad fields, writing nothing", async () => {
    const rows = async () => (await db().select().from(recordTranslations)).length;
    const count = await rows();
    expect((await saveGerman({ id: "fees", locale: "xx" })).status).toBe(404);
    expect((await saveGerman({ id: "fees", locale: "de'; drop table x" })).status).toBe(400);
    expect((await saveGerman({ id: "fees", locale: "en", title: "x" })).status).toBe(400);
    expect((await saveGerman({ id: "nowhere", title: "x" })).status).toBe(400);
    expect((await saveGerman({ id: "fees", canonical: "javascript:alert(1)" })).status).toBe(400);
    expect((await saveGerman({ id: "fees", title: "x".repeat(201) })).status).toBe(400);
    expect(await rows()).toBe(count);
    expect((await callRoute(loader, siteRequest("/admin/other/seo?locale=xx", { cookie: admin }))).status).toBe(404);
    expect((await callRoute(loader, siteRequest("/admin/other/seo?locale=%3Cscript%3E", { cookie: admin }))).status).toBe(400);
  });
});
