import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, recordTranslations, releaseChanges, releases, siteLocales } from "~/db/schema";
import { catalogue } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
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
    // Not translated yet: switching it on needs the override, which the log records with the figure.
    const incomplete = await post({ intent: "set-locale-state", code: "de", state: "public" });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.message).toMatch(/^Перевод не полный/);
    expect((await rows()).find((row) => row.code === "de")?.state).toBe("draft");
    const { completeness } = (await callRoute(loader, siteRequest("/admin/other/locales", { cookie: admin }))).body;
    expect(completeness.de.complete).toBe(0);
    expect(completeness.de.total).toBeGreaterThan(100);
    expect((await post({ intent: "set-locale-state", code: "de", state: "public", override: "on" })).status).toBe(200);
    expect((await post({ intent: "set-default-locale", code: "de" })).status).toBe(200);
    expect((await listSiteLocales(app.handle.db)).find((locale) => locale.isDefault)?.code).toBe("de");
    // The default cannot be unpublished.
    expect((await post({ intent: "set-locale-state", code: "de", state: "draft" })).status).toBe(409);
    expect((await post({ intent: "set-default-locale", code: "en" })).status).toBe(200);
    const events = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.area, "locales")).orderBy(activityEvents.id);
    expect(events.map((event) => [event.kind, event.target])).toEqual([
      ["locale.create", "de"],
      ["locale.publish_incomplete", "de"],
      ["locale.default", "de"],
      ["locale.default", "en"],
    ]);
    expect(events[0]).toMatchObject({ userEmail: "admin@example.com" });
    expect(events[1]!.details).toEqual(completeness.de);
  });

  it("switches a locale with every content key translated on without an override", async () => {
    expect((await post({ intent: "add-locale", code: "fr" })).status).toBe(200);
    const keys = (Object.keys(catalogue) as PageName[]).flatMap((page) =>
      catalogue[page].filter((entry) => entry.type !== "image").map((entry) => ({ page, section: entry.section })),
    );
    // All but one translated: still refused.
    await app.handle.db.insert(recordTranslations).values(
      keys.slice(1).map(({ page, section }) => ({
        record: `${page}/${section}`,
        locale: "fr",
        value: {
          pageName: page,
          sectionName: section,
          contentType: "text",
          contentValue: `fr ${section}`,
          richContent: null,
          pageUrl: null,
        },
      })),
    );
    expect((await post({ intent: "set-locale-state", code: "fr", state: "public" })).status).toBe(409);
    const [first] = keys;
    await app.handle.db.insert(recordTranslations).values({
      record: `${first!.page}/${first!.section}`,
      locale: "fr",
      value: {
        pageName: first!.page,
        sectionName: first!.section,
        contentType: "text",
        contentValue: "fr",
        richContent: null,
        pageUrl: null,
      },
    });
    expect((await post({ intent: "set-locale-state", code: "fr", state: "public" })).status).toBe(200);
    const [event] = await app.handle.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.target, "fr"))
      .orderBy(activityEvents.id)
      .offset(1);
    expect(event).toMatchObject({ kind: "locale.publish", details: { complete: keys.length, total: keys.length } });
    expect((await post({ intent: "remove-locale", code: "fr" })).status).toBe(200);
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
      [{ intent: "set-locale-state", code: "de", state: "public", override: "yes" }, 400, "Неизвестное действие"],
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
