// The content editor in another locale ('Контент сайта' with ?locale=de): each field's origin
// (its own, a fallback from the default locale with that text, or the key's default), a fallback
// never saved as a translation, stale marks, the completeness figure, and bad input refused.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageContent, recordTranslations, siteLocales } from "~/db/schema";
import { catalogue } from "~/features/content/catalogue/catalogue";
import { clearContentCache } from "~/features/records/version.server";
import { action, loader } from "~/routes/admin.content";
import { callRoute, postForm } from "../support/admin-routes";
import { onEmbeddedDatabase, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

interface Field {
  page: string;
  section: string;
  own: string;
  fallback: string;
  origin: string;
  fallbackFrom?: string;
  stale: boolean;
  version: number;
}

describe.each(onEmbeddedDatabase)("translating content in the dashboard on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const view = async (query: string) => callRoute(loader as never, siteRequest(`/admin/content${query}`, { cookie: admin }));
  const field = async (section: string) =>
    ((await view("?locale=de")).body.translation.fields as Field[]).find((entry) => entry.page === "home" && entry.section === section)!;
  const save = (section: string, value: string, version?: number) =>
    callRoute(
      action as never,
      postForm(
        "/admin/content",
        { intent: "save-translation", locale: "de", page: "home", section, value, ...(version === undefined ? {} : { version }) },
        admin,
      ),
    );
  const stored = () => app.handle.db.select().from(recordTranslations).where(eq(recordTranslations.locale, "de"));

  it("offers no locale picker with one locale, and refuses unknown, malformed and absent locales with a message", async () => {
    expect((await view("")).body.locales).toHaveLength(1);
    for (const [query, status, message] of [
      ["?locale=de", 404, "Этого языка нет на сайте"],
      ["?locale=xx", 400, "Этого языка нет на сайте"],
      ["?locale=DE'%20or", 400, "Код языка указан неверно"],
    ] as const) {
      const answer = await view(query);
      expect(answer.status, query).toBe(status);
      expect(answer.body.message, query).toBe(message);
    }
    await app.handle.db.insert(siteLocales).values({ code: "de", state: "draft", position: 1 });
    clearContentCache();
    expect((await view("")).body.locales.map((locale: { code: string }) => locale.code)).toEqual(["en", "de"]);
  });

  it("shows each field's origin: the default locale's text as a fallback, else the key's default", async () => {
    await app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "hero_subtitle", contentValue: "Stored English" });
    const subtitle = await field("hero_subtitle");
    expect(subtitle).toMatchObject({ own: "", origin: "fallback", fallbackFrom: "en", fallback: "Stored English", stale: false });
    const title = await field("hero_title");
    const defaultTitle = catalogue.home.find((entry) => entry.section === "hero_title")!.default;
    expect(title).toMatchObject({ own: "", origin: "default", fallback: defaultTitle });
    const answer = (await view("?locale=de")).body.translation;
    expect(answer.complete).toBe(0);
    expect(answer.total).toBe(answer.fields.length);
  });

  it("never saves a fallback as a translation; saves its own text, marks it stale when the source changes, and clears it", async () => {
    const unchanged = await save("hero_subtitle", "Stored English");
    expect(unchanged.body).toMatchObject({ ok: true, stored: false });
    expect(await stored()).toEqual([]);
    const empty = await save("hero_subtitle", "");
    expect(empty.body).toMatchObject({ ok: true, stored: false });

    const saved = await save("hero_subtitle", "Deutscher Untertitel", 0);
    expect(saved.body).toMatchObject({ ok: true, stored: true });
    expect(await field("hero_subtitle")).toMatchObject({ own: "Deutscher Untertitel", origin: "own", stale: false });
    expect((await view("?locale=de")).body.translation.complete).toBe(1);

    await app.handle.db.update(pageContent).set({ contentValue: "Changed English" }).where(eq(pageContent.sectionName, "hero_subtitle"));
    expect(await field("hero_subtitle")).toMatchObject({ own: "Deutscher Untertitel", stale: true });

    // A stale editor's version is refused; the current one clears the translation (the fallback shows again).
    expect((await save("hero_subtitle", "Überschrieben", 0)).status).toBe(409);
    const version = (await field("hero_subtitle")).version;
    expect((await save("hero_subtitle", "", version)).body).toMatchObject({ ok: true, stored: true });
    expect(await field("hero_subtitle")).toMatchObject({ own: "", origin: "fallback", fallback: "Changed English" });
  });

  it("refuses bad saves with a message and writes nothing", async () => {
    const before = await stored();
    for (const [fields, status, message] of [
      [{ locale: "en" }, 400, "Тексты языка по умолчанию правятся в самом редакторе контента"],
      [{ locale: "fr" }, 404, "Этого языка нет на сайте"],
      [{ locale: "zz" }, 400, "Этого языка нет на сайте"],
      [{ locale: "../x" }, 400, "Код языка указан неверно"],
      [{ section: "no_such_key" }, 404, "Такого ключа контента нет"],
      [{ section: "hero_image" }, 404, "Такого ключа контента нет"],
      [{ section: "bad key" }, 400, "Такого ключа контента нет"],
    ] as [Record<string, string>, number, string][]) {
      const answer = await callRoute(
        action as never,
        postForm(
          "/admin/content",
          { intent: "save-translation", locale: "de", page: "home", section: "hero_title", value: "x", ...fields },
          admin,
        ),
      );
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.body.message, JSON.stringify(fields)).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });
});
