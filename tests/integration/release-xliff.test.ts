// A release's texts for a translation agency (issue 43, item 4): exported as XLIFF 2.0 from the
// release's page for one locale (the texts the release stages there, and the default-locale texts
// it changes as texts to translate), and the translated file taken back into that release only:
// staged, never live, in one group; a round trip stages nothing; a file of another site or
// another release, a closed release, or a unit the field cannot take is refused with nothing written.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, pageContent, recordTranslations, releaseChanges, releases, siteLocales, user } from "~/db/schema";
import { clearContentCache } from "~/features/records/version.server";
import { action as contentAction } from "~/routes/admin.content";
import { loader as contentXliffLoader } from "~/routes/admin.content[.]xlf";
import { action as releasesAction } from "~/routes/admin.other.releases";
import { action as releaseAction } from "~/routes/admin.other.releases.$id";
import { loader as releaseXliffLoader } from "~/routes/admin.other.releases.$id.texts[.]xlf";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("a release's texts as XLIFF 2.0 on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  let admin: string;
  let translator: string;
  let first: number;
  let second: number;

  const post = (path: string, fields: Record<string, string | number>, cookie = admin) =>
    callRoute(path === "/admin/content" ? contentAction : releasesAction, postForm(path, fields, cookie));
  const onRelease = (id: number, fields: Record<string, string | number>, cookie = admin) =>
    callRoute(releaseAction, postForm(`/admin/other/releases/${id}`, fields, cookie), { id: String(id) });
  const createRelease = async (name: string) => {
    const answer = await post("/admin/other/releases", { intent: "create-release", name });
    expect(answer.status).toBeLessThan(400);
    const [row] = await db().select().from(releases).where(eq(releases.name, name));
    return row!.id;
  };
  const translate = (locale: string, section: string, value: string) =>
    post("/admin/content", { intent: "save-translation", locale, page: "home", section, value });

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
    await db()
      .insert(pageContent)
      .values([
        { pageName: "home", sectionName: "hero_title", contentValue: "The smart wallet" },
        { pageName: "home", sectionName: "hero_subtitle", contentValue: "Pay anywhere" },
        { pageName: "home", sectionName: "hero_badge", contentValue: "Accounts for all" },
      ]);
    clearContentCache();
    // Live: a German title the release will change.
    expect((await translate("de", "hero_title", "Die Wallet")).status).toBeLessThan(400);
    // The first release stages a German title and a new English subtitle (a text to translate).
    first = await createRelease("Herbst");
    expect((await translate("de", "hero_title", "Die smarte Wallet")).body).toMatchObject({ ok: true });
    const [subtitle] = await db().select().from(pageContent).where(eq(pageContent.sectionName, "hero_subtitle"));
    expect(
      (await post("/admin/content", { intent: "update-content", id: subtitle!.id, contentValue: "Pay anywhere, at once" })).status,
    ).toBeLessThan(400);
    // The second release stages another German text.
    second = await createRelease("Winter");
    expect((await translate("de", "hero_badge", "Konto eröffnen")).body).toMatchObject({ ok: true });
    expect((await onRelease(second, { intent: "go-live" })).status).toBeLessThan(400);
  });

  const download = async (id: number, locale: string, cookie = admin) => {
    const answer = await releaseXliffLoader({
      request: siteRequest(`/admin/other/releases/${id}/texts.xlf?locale=${locale}`, { cookie }),
      params: { id: String(id) },
      context: {},
    } as never);
    return { status: answer.status, headers: answer.headers, text: await answer.text() };
  };
  const upload = (id: number, locale: string, xliff: string, cookie = admin) =>
    onRelease(id, { intent: "import-release-xliff", locale, xliff }, cookie);
  const staged = async (id: number) =>
    Object.fromEntries(
      (await db().select().from(releaseChanges).where(eq(releaseChanges.releaseId, id))).map((row) => [
        row.key,
        (row.staged as { contentValue?: string } | null)?.contentValue ?? null,
      ]),
    );
  const live = () => db().select().from(recordTranslations).orderBy(recordTranslations.record);
  /** The file with the unit's target set (added where it had none). */
  const retarget = (file: string, id: string, target: string) =>
    file.replace(
      new RegExp(
        `(<unit id="${id}"[^>]*>[\\s\\S]*?<source xml:space="preserve">[\\s\\S]*?</source>)(\\s*<target[^>]*>[\\s\\S]*?</target>)?`,
      ),
      (_all, head: string) => `${head}\n        <target xml:space="preserve">${target}</target>`,
    );

  it("exports the texts the release stages for the locale, bound to the release, as an attachment", async () => {
    const file = await download(first, "de");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/xliff+xml; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="release-${first}-de.xlf"`);
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(file.text).toContain('srcLang="en" trgLang="de"');
    expect(file.text).toContain(`<file id="release-${first}"`);
    const units = [...file.text.matchAll(/<unit id="([^"]+)"/g)].map((match) => match[1]);
    expect(units.sort()).toEqual(["home/hero_subtitle", "home/hero_title"]);
    // The staged German title over the default locale's live text; the staged English subtitle as a text to translate.
    expect(file.text).toMatch(
      /<unit id="home\/hero_title"[^>]*>[\s\S]*?<source xml:space="preserve">The smart wallet<\/source>\s*<target xml:space="preserve">Die smarte Wallet<\/target>/,
    );
    expect(file.text).toMatch(
      /<unit id="home\/hero_subtitle"[^>]*>[\s\S]*?<segment state="initial">\s*<source xml:space="preserve">Pay anywhere, at once<\/source>\s*<\/segment>/,
    );
    // The other release's text is not in it.
    expect(file.text).not.toContain("home/hero_badge");
    const other = await download(second, "de");
    expect([...other.text.matchAll(/<unit id="([^"]+)"/g)].map((match) => match[1])).toEqual(["home/hero_badge"]);
  });

  it("a round trip stages nothing; a translated file is staged into that release only, never live", async () => {
    const before = { first: await staged(first), second: await staged(second), live: await live() };
    const file = (await download(first, "de")).text;
    const unchanged = await upload(first, "de", file);
    expect(unchanged.body).toMatchObject({ ok: true, changed: 0 });
    expect(await staged(first)).toEqual(before.first);

    let translated = retarget(file, "home/hero_title", "Die kluge Wallet");
    translated = retarget(translated, "home/hero_subtitle", "Überall zahlen, sofort");
    // The administrator drafts in no release now: the file still goes into the one it was made for.
    const answer = await upload(first, "de", translated);
    expect(answer.body).toMatchObject({ ok: true, changed: 2 });
    expect(await staged(first)).toEqual({
      ...before.first,
      "home/hero_title@de": "Die kluge Wallet",
      "home/hero_subtitle@de": "Überall zahlen, sofort",
    });
    expect(await staged(second)).toEqual(before.second);
    expect(await live()).toEqual(before.live);
    // The same file again stages nothing.
    expect((await upload(first, "de", translated)).body).toMatchObject({ ok: true, changed: 0 });
  });

  it("refuses a file of another site, of another release, or of the whole locale, whole", async () => {
    const before = { first: await staged(first), second: await staged(second), live: await live() };
    const file = retarget((await download(first, "de")).text, "home/hero_title", "Anders");
    const locale = await contentXliffLoader({
      request: siteRequest("/admin/content.xlf?locale=de", { cookie: admin }),
      params: {},
      context: {},
    } as never);
    const localeFile = retarget(await locale.text(), "home/hero_title", "Anders");
    const otherRelease = "Файл выгружен для другого выпуска или для всех текстов языка: выгрузите файл этого выпуска";
    for (const [id, xliff, message] of [
      [first, file.replace(/original="[^"]+"/, 'original="site:another"'), "Файл выгружен с другого сайта"],
      [second, file, otherRelease],
      [first, file.replace(`id="release-${first}"`, `id="release-${second}"`), otherRelease],
      [first, localeFile, otherRelease],
    ] as const) {
      const answer = await upload(id, "de", xliff);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message });
    }
    // A release's file is not taken as the locale's either.
    const asLocale = await callRoute(
      contentAction,
      postForm("/admin/content", { intent: "import-xliff", locale: "de", xliff: file }, admin),
    );
    expect({ status: asLocale.status, message: asLocale.body.message }).toEqual({
      status: 400,
      message: "Это файл выпуска: загрузите его на странице выпуска",
    });
    expect({ first: await staged(first), second: await staged(second), live: await live() }).toEqual(before);
  });

  it("refuses unknown keys and markup the field does not allow field by field, writing nothing", async () => {
    const before = { first: await staged(first), live: await live() };
    let file = (await download(first, "de")).text;
    file = retarget(file, "home/hero_title", "&lt;b&gt;Fett&lt;/b&gt;");
    file = retarget(file, "home/hero_subtitle", "Überall");
    file = file.replace("</file>", `<unit id="home/not_a_key"><segment><source>x</source><target>y</target></segment></unit></file>`);
    const answer = await upload(first, "de", file);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Файл не загружен: исправьте отмеченные поля. Ничего не изменено");
    expect(answer.body.fieldErrors).toEqual({
      "home/hero_title": ["Разметка в этом поле не допускается"],
      "home/not_a_key": ["Такого текста на сайте нет"],
    });
    expect({ first: await staged(first), live: await live() }).toEqual(before);
  });

  it("refuses a closed release, and a role or language that may not stage into it", async () => {
    const file = retarget((await download(second, "de")).text, "home/hero_badge", "Jetzt Konto eröffnen");
    // A translator reaches only their own languages.
    expect((await download(second, "de", translator)).status).toBe(403);
    expect((await upload(second, "de", file, translator)).status).toBe(403);
    expect((await onRelease(second, { intent: "cancel-release" })).status).toBeLessThan(400);
    const before = await staged(second);
    const answer = await upload(second, "de", file);
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 409, message: "Выпуск уже опубликован или отменён" });
    expect(await staged(second)).toEqual(before);
    expect((await download(9999, "de")).status).toBe(404);
    expect((await download(first, "xx")).status).toBe(400);
    expect((await download(first, "en")).status).toBe(400);
    const [row] = await db()
      .select()
      .from(releaseChanges)
      .where(and(eq(releaseChanges.releaseId, first)));
    expect(row).toBeDefined();
  });
});
