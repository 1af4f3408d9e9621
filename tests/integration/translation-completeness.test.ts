// Every locale's completeness from one read (issue 43: the locales page measured each locale with
// the editor's whole view, once per locale): the same figures as the editor's view of each locale,
// and the known ones, for locales with nothing, some and blank translations, SEO texts and a
// landing page's version (which is not a content key) among them.
import { beforeAll, describe, expect, it } from "vitest";
import { pageContent, recordTranslations, siteLocales } from "~/db/schema";
import { catalogue } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { translationCompleteness, translationCompletenessOf, translationView } from "~/features/content/translations.server";
import { clearContentCache } from "~/features/records/version.server";
import { loader } from "~/routes/admin.other.locales";
import { callRoute } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const keys = (Object.keys(catalogue) as PageName[]).flatMap((page) =>
  catalogue[page].filter((entry) => entry.type !== "image").map((entry) => ({ page, section: entry.section })),
);

const contentTranslation = (locale: string, index: number, contentValue: string) => {
  const { page, section } = keys[index]!;
  const value = { pageName: page, sectionName: section, contentType: "text", contentValue, richContent: null, pageUrl: null };
  return { record: `${page}/${section}`, locale, value, source: "" };
};

const seo = (fields: Record<string, string>) =>
  JSON.stringify({ title: "", description: "", canonical: "", ogImage: "", noindex: false, ...fields });

describe.each(onBothDatabases)("every locale's completeness at once on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    await db()
      .insert(siteLocales)
      .values([
        { code: "de", state: "draft", position: 1 },
        { code: "fr", state: "public", position: 2 },
        { code: "it", state: "draft", position: 3 },
      ]);
    // Two SEO texts to translate (the fees page's title and description).
    await db()
      .insert(pageContent)
      .values({ pageName: "seo", sectionName: "fees", contentValue: seo({ title: "Fees", description: "What it costs" }) });
    await db()
      .insert(recordTranslations)
      .values([
        // de: two texts of its own, one blank and one of spaces (not translations).
        contentTranslation("de", 0, "Eins"),
        contentTranslation("de", 1, "Zwei"),
        contentTranslation("de", 2, ""),
        contentTranslation("de", 3, "   "),
        // fr: five texts of its own and the fees page's title.
        ...[0, 1, 2, 3, 4].map((index) => contentTranslation("fr", index, `fr ${index}`)),
        { record: "seo/fees", locale: "fr", value: { contentValue: seo({ title: "Frais" }) }, source: seo({ title: "Fees" }) },
        // A record that is not a content key counts for nothing.
        { record: "page:1", locale: "fr", value: { contentValue: "not a key" }, source: "" },
      ]);
    clearContentCache();
  });

  it("answers the editor's figure for each locale, and the known ones", async () => {
    const codes = ["de", "fr", "it"];
    const all = await translationCompletenessOf(db(), codes);
    for (const code of codes) {
      const view = await translationView(db(), code);
      expect(all[code], code).toEqual({ complete: view.complete, total: view.total });
      expect(await translationCompleteness(db(), code), code).toEqual(all[code]);
    }
    const total = keys.length + 2;
    expect(all).toEqual({ de: { complete: 2, total }, fr: { complete: 6, total }, it: { complete: 0, total } });
    expect(await translationCompletenessOf(db(), [])).toEqual({});
  });

  it("is what the locales page shows", async () => {
    const answer = await callRoute(loader, siteRequest("/admin/other/locales", { cookie: admin }));
    expect(answer.body.completeness).toEqual(await translationCompletenessOf(db(), ["de", "fr", "it"]));
  });
});
