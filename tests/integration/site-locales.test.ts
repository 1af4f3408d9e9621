import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, releaseChanges, releases, siteLocales } from "~/db/schema";
import { listSiteLocales } from "~/features/locales/locales.server";
import { action, loader } from "~/routes/admin.other.locales";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("the site's locales ('Языки') on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const post = (fields: Record<string, string>) => callRoute(action, postForm("/admin/other/locales", fields, admin));
  const list = async () => (await callRoute(loader, siteRequest("/admin/other/locales", { cookie: admin }))).body.locales;
  const rows = () => app.handle.db.select().from(siteLocales).orderBy(siteLocales.code);

  it("starts with English alone, public and the default", async () => {
    expect(await list()).toEqual([{ code: "en", name: "English", state: "public", isDefault: true }]);
  });

  it("adds a locale as a draft, publishes it, makes it the default and back, each logged", async () => {
    expect((await post({ intent: "add-locale", code: "de" })).body).toEqual({ ok: true, intent: "add-locale" });
    expect(await list()).toEqual([
      { code: "en", name: "English", state: "public", isDefault: true },
      { code: "de", name: "Deutsch", state: "draft", isDefault: false },
    ]);
    // A draft locale cannot be the default.
    const refused = await post({ intent: "set-default-locale", code: "de" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Языком по умолчанию может быть только опубликованный язык");
    expect((await post({ intent: "set-locale-state", code: "de", state: "public" })).status).toBe(200);
    expect((await post({ intent: "set-default-locale", code: "de" })).status).toBe(200);
    expect((await listSiteLocales(app.handle.db)).find((locale) => locale.isDefault)?.code).toBe("de");
    // The default cannot be unpublished.
    expect((await post({ intent: "set-locale-state", code: "de", state: "draft" })).status).toBe(409);
    expect((await post({ intent: "set-default-locale", code: "en" })).status).toBe(200);
    const events = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.area, "locales")).orderBy(activityEvents.id);
    expect(events.map((event) => [event.kind, event.target])).toEqual([
      ["locale.create", "de"],
      ["locale.publish", "de"],
      ["locale.default", "de"],
      ["locale.default", "en"],
    ]);
    expect(events[0]).toMatchObject({ userEmail: "admin@example.com" });
  });

  it("refuses unknown, malformed and duplicate codes with a message, writing nothing", async () => {
    const before = await rows();
    for (const [fields, status, message] of [
      [{ intent: "add-locale", code: "xx" }, 400, "Такого языка нет в списке допустимых"],
      [{ intent: "add-locale", code: "de'; drop table site_locales" }, 400, "Код языка указан неверно"],
      [{ intent: "add-locale", code: "" }, 400, "Код языка указан неверно"],
      [{ intent: "add-locale" }, 400, "Код языка указан неверно"],
      [{ intent: "add-locale", code: "de" }, 409, "Этот язык уже добавлен"],
      [{ intent: "remove-locale", code: "fr" }, 404, "Этого языка нет на сайте"],
      [{ intent: "set-locale-state", code: "de", state: "secret" }, 400, "Неизвестное действие"],
      [{ intent: "rename-locale", code: "de" }, 400, "Неизвестное действие"],
    ] as [Record<string, string>, number, string][]) {
      const answer = await post(fields);
      expect({ fields, status: answer.status, message: answer.body.message }).toEqual({ fields, status, message });
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses removing the default locale", async () => {
    const answer = await post({ intent: "remove-locale", code: "en" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Нельзя удалить язык по умолчанию: сначала выберите другой");
    expect((await rows()).map((row) => row.code)).toContain("en");
  });

  it("refuses removing a locale a scheduled release still changes, naming the releases, and removes it once none does", async () => {
    const [release] = await app.handle.db
      .insert(releases)
      .values({ name: "Herbst", state: "scheduled", scheduledAt: new Date(Date.now() + 86_400_000) })
      .returning();
    await app.handle.db
      .insert(releaseChanges)
      .values({ releaseId: release!.id, key: "home/hero_title@de", area: "content", staged: null, locale: "de" });
    const answer = await post({ intent: "remove-locale", code: "de" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Нельзя удалить язык: его изменения есть в запланированных выпусках: «Herbst»");
    expect((await rows()).map((row) => row.code)).toEqual(["de", "en"]);
    await app.handle.db.update(releases).set({ state: "cancelled" }).where(eq(releases.id, release!.id));
    expect((await post({ intent: "remove-locale", code: "de" })).status).toBe(200);
    expect((await rows()).map((row) => row.code)).toEqual(["en"]);
    expect(await listSiteLocales(app.handle.db)).toEqual([{ code: "en", name: "English", state: "public", isDefault: true }]);
  });
});
