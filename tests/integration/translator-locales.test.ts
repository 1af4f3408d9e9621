// A translator writes only in the locales an administrator assigned in 'Команда': the
// administrator sets the role with its languages through the team screen's action, and every
// staged write in another locale, or in the default one, is refused with 403 by the record store.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, pageContent, recordTranslations, releaseChanges, siteLocales, user } from "~/db/schema";
import { clearContentCache } from "~/features/records/version.server";
import { action as contentAction } from "~/routes/admin.content";
import { action as releasesAction } from "~/routes/admin.other.releases";
import { action as teamAction } from "~/routes/admin.other.team";
import { callRoute, postForm } from "../support/admin-routes";
import { onEmbeddedDatabase, signUpAndGetCookie, useTestApp } from "../support/test-database";

describe.each(onEmbeddedDatabase)("a translator's assigned locales on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  let translator: string;
  let translatorId: string;
  let rowId: number;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    translator = await signUpAndGetCookie(app.auth, "translator@example.com");
    const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "translator@example.com"));
    translatorId = row!.id;
    await app.handle.db.insert(siteLocales).values([
      { code: "de", state: "public", position: 1 },
      { code: "fr", state: "public", position: 2 },
    ]);
    const [row2] = await app.handle.db
      .insert(pageContent)
      .values({ pageName: "home", sectionName: "hero_title", contentValue: "English title" })
      .returning({ id: pageContent.id });
    rowId = row2!.id;
    clearContentCache();
  });
  const post = (route: unknown, path: string, form: Record<string, string>, cookie: string) =>
    callRoute(route as never, postForm(path, form, cookie));
  const translate = (locale: string) =>
    post(
      contentAction,
      "/admin/content",
      { intent: "save-translation", locale, page: "home", section: "hero_title", value: `Titel ${locale}` },
      translator,
    );

  it("the administrator assigns the locales in the team screen; the translator stages only those", async () => {
    const assigned = await post(
      teamAction,
      "/admin/other/team",
      { intent: "set-role", userId: translatorId, role: "translator", locales: "de" },
      admin,
    );
    expect(assigned.body).toMatchObject({ ok: true });
    expect(
      await app.handle.db
        .select({ role: adminUsers.role, locales: adminUsers.locales })
        .from(adminUsers)
        .where(eq(adminUsers.userId, translatorId)),
    ).toEqual([{ role: "translator", locales: ["de"] }]);
    // A translator's saves go into a release, as an author's.
    const created = await post(releasesAction, "/admin/other/releases", { intent: "create-release", name: "Deutsch" }, translator);
    expect(created.status).toBeLessThan(400);

    const german = await translate("de");
    expect(german.status).toBe(200);
    expect(await app.handle.db.select().from(recordTranslations)).toEqual([]);
    expect((await app.handle.db.select().from(releaseChanges)).map((change) => change.key)).toEqual(["home/hero_title@de"]);

    const french = await translate("fr");
    expect(french.status).toBe(403);
    expect(french.body.message).toBe("Вам не назначен язык «fr»: изменения на нём недоступны");
    const english = await post(
      contentAction,
      "/admin/content",
      { intent: "update-content", id: String(rowId), contentValue: "Translator's English" },
      translator,
    );
    expect(english.status).toBe(403);
    expect(english.body.message).toBe("Вам не назначен язык «en»: изменения на нём недоступны");
    expect((await app.handle.db.select().from(releaseChanges)).map((change) => change.key)).toEqual(["home/hero_title@de"]);
  });

  it("a translator whose dashboard speaks English hears the refusal in English; another assignment takes effect at once", async () => {
    await app.handle.db.update(user).set({ adminLanguage: "en" }).where(eq(user.id, translatorId));
    expect((await translate("fr")).body.message).toBe("The language “fr” is not assigned to you: you cannot change it");
    await post(teamAction, "/admin/other/team", { intent: "set-role", userId: translatorId, role: "translator", locales: "de, fr" }, admin);
    expect((await translate("fr")).status).toBe(200);
    expect(
      await app.handle.db
        .select({ key: releaseChanges.key })
        .from(releaseChanges)
        .where(and(eq(releaseChanges.key, "home/hero_title@fr"))),
    ).toHaveLength(1);
  });
});
