// A locale's texts for a translation agency (issue 43): exported as XLIFF 2.0 from
// /admin/content.xlf, imported back in 'Контент сайта'. A round trip changes nothing; a translated
// file writes its texts in one group (into the release when the administrator drafts); a file of
// another site or language, or with a unit the field cannot take, is refused with each unit named
// and nothing written; a translator reaches only their own languages.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  activityEvents,
  adminUsers,
  contentRevisions,
  pageContent,
  recordTranslations,
  releaseChanges,
  siteLocales,
  user,
} from "~/db/schema";
import { clearContentCache } from "~/features/records/version.server";
import { action as contentAction } from "~/routes/admin.content";
import { loader as xliffLoader } from "~/routes/admin.content[.]xlf";
import { action as releasesAction } from "~/routes/admin.other.releases";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("translations as XLIFF 2.0 on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin: string;
  let translator: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    translator = await signUpAndGetCookie(app.auth, "translator@example.com");
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, "translator@example.com"));
    await db()
      .insert(adminUsers)
      .values({ userId: row!.id, role: "translator", locales: ["fr"] });
    await db()
      .insert(siteLocales)
      .values([
        { code: "de", state: "draft", position: 1 },
        { code: "fr", state: "draft", position: 2 },
      ]);
    await db().insert(pageContent).values({ pageName: "home", sectionName: "hero_title", contentValue: "The smart wallet" });
    clearContentCache();
  });

  const download = async (locale: string, cookie = admin) => {
    const answer = await xliffLoader({
      request: siteRequest(`/admin/content.xlf?locale=${locale}`, { cookie }),
      params: {},
      context: {},
    } as never);
    return { status: answer.status, type: answer.headers.get("content-type"), text: await answer.text(), headers: answer.headers };
  };
  const upload = (locale: string, xliff: string, cookie = admin) =>
    callRoute(contentAction, postForm("/admin/content", { intent: "import-xliff", locale, xliff }, cookie));
  const translations = () => db().select().from(recordTranslations).orderBy(recordTranslations.record);
  /** The exported file with the unit's target set (a target added where it had none). */
  const translate = (file: string, id: string, target: string) =>
    file.replace(
      new RegExp(
        `(<unit id="${id}"[^>]*>[\\s\\S]*?<source xml:space="preserve">[\\s\\S]*?</source>)(\\s*<target[^>]*>[\\s\\S]*?</target>)?`,
      ),
      (_all, head: string) => `${head}\n        <target xml:space="preserve">${target}</target>`,
    );

  it("exports every text key with its source, privately, as an attachment", async () => {
    const file = await download("de");
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/xliff+xml; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="site-de.xlf"');
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(file.text).toContain('srcLang="en" trgLang="de"');
    expect(file.text).toMatch(/<unit id="home\/hero_title"[^>]*>[\s\S]*?<source xml:space="preserve">The smart wallet<\/source>/);
    expect(file.text).not.toContain("<target");
  });

  it("a translated file writes its texts in one group; the same file again, or a round trip, changes nothing", async () => {
    let file = (await download("de")).text;
    file = translate(file, "home/hero_title", "Die smarte Wallet &amp; mehr");
    file = translate(file, "terms/page_content", '&lt;p&gt;AGB &lt;a href="/fees"&gt;Preise&lt;/a&gt;&lt;/p&gt;');
    const answer = await upload("de", file);
    expect(answer.body).toMatchObject({ ok: true, intent: "import-xliff", changed: 2 });
    expect((await translations()).map((row) => [row.record, (row.value as { contentValue: string }).contentValue])).toEqual([
      ["home/hero_title", "Die smarte Wallet & mehr"],
      ["terms/page_content", '<p>AGB <a href="/fees">Preise</a></p>'],
    ]);
    const [event] = await db().select().from(activityEvents).where(eq(activityEvents.kind, "content.import_translations"));
    expect(event).toMatchObject({ area: "content", userEmail: "admin@example.com" });

    const revisions = (await db().select().from(contentRevisions)).length;
    expect((await upload("de", file)).body).toMatchObject({ ok: true, changed: 0 });
    const exported = (await download("de")).text;
    expect(exported).toContain('<target xml:space="preserve">Die smarte Wallet &amp; mehr</target>');
    expect((await upload("de", exported)).body).toMatchObject({ ok: true, changed: 0 });
    expect((await db().select().from(contentRevisions)).length).toBe(revisions);
  });

  it("refuses each unit the field cannot take, naming it, and writes nothing", async () => {
    const before = await translations();
    let file = (await download("de")).text;
    file = translate(file, "home/hero_subtitle", "&lt;script&gt;alert(1)&lt;/script&gt;");
    file = translate(file, "terms/page_content", '&lt;p onclick="steal()"&gt;AGB&lt;/p&gt;&lt;iframe src="//x"&gt;&lt;/iframe&gt;');
    file = translate(file, "home/hero_title", 'Neu <ph id="1"/>');
    file = translate(file, "features/hero_title", "Funktionen");
    file = file.replace("</file>", `<unit id="home/not_a_key"><segment><source>x</source><target>y</target></segment></unit></file>`);
    const answer = await upload("de", file);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Файл не загружен: исправьте отмеченные поля. Ничего не изменено");
    expect(answer.body.fieldErrors).toEqual({
      "home/hero_subtitle": ["Разметка в этом поле не допускается"],
      "terms/page_content": ["Разметка, которую это поле не допускает (скрипты, стили, обработчики событий, другие теги)"],
      "home/hero_title": ["Разметка в этом поле не допускается"],
      "home/not_a_key": ["Такого текста на сайте нет"],
    });
    expect(await translations()).toEqual(before);
  });

  it("refuses a file of another site, of other languages, with a document type, or no XLIFF at all", async () => {
    const before = await translations();
    const file = translate((await download("de")).text, "home/hero_title", "Anders");
    for (const [xliff, message] of [
      [file.replace(/original="[^"]+"/, 'original="site:another"'), "Файл выгружен с другого сайта"],
      [file, "Файл переводит другие языки: выгрузите файл этого языка"],
      [file.replace('srcLang="en"', 'srcLang="ru"'), "Файл переводит другие языки: выгрузите файл этого языка"],
      [file.replace("?>", '?><!DOCTYPE xliff [<!ENTITY e "x">]>'), "Файл не читается как XLIFF 2.0"],
      ["<html><body>Übersetzung</body></html>", "Файл не читается как XLIFF 2.0"],
      ["", "Файл не читается как XLIFF 2.0"],
    ] as const) {
      const answer = await upload(xliff === file ? "fr" : "de", xliff);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message });
    }
    expect(await translations()).toEqual(before);
  });

  it("a translator exports and imports only their own languages, and their import goes into their release", async () => {
    expect((await download("de", translator)).status).toBe(403);
    const refused = await upload("de", (await download("de")).text, translator);
    expect(refused.status).toBe(403);
    const file = await download("fr", translator);
    expect(file.status).toBe(200);
    const created = await callRoute(
      releasesAction,
      postForm("/admin/other/releases", { intent: "create-release", name: "Français" }, translator),
    );
    expect(created.status).toBeLessThan(400);
    const answer = await upload("fr", translate(file.text, "home/hero_title", "Le portefeuille malin"), translator);
    expect(answer.body).toMatchObject({ ok: true, changed: 1 });
    expect((await translations()).some((row) => row.locale === "fr")).toBe(false);
    expect((await db().select().from(releaseChanges)).map((change) => change.key)).toContain("home/hero_title@fr");
  });

  it("the editor refuses markup in a plain-text field too", async () => {
    const answer = await callRoute(
      contentAction,
      postForm(
        "/admin/content",
        { intent: "save-translation", locale: "de", page: "home", section: "hero_subtitle", value: "<img src=x onerror=alert(1)>" },
        admin,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Разметка в этом поле не допускается");
  });
});
