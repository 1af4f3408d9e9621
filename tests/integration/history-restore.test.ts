import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentIntents } from "~/features/content/intents";
import { menuIntents } from "~/features/content/menu/intents";
import { activityEvents, menuItems, pageContent } from "~/db/schema";
import { getPageContent } from "~/features/content/read.server";
import { action as contentAction } from "~/routes/admin.content";
import { action as historyAction, loader as historyLoader } from "~/routes/admin.history";
import { action as menuAction } from "~/routes/admin.menu";
import { loader as exportLoader } from "~/routes/admin.activity-export";
import { loader as activityLoader } from "~/routes/admin.other.activity";
import { action as settingsAction } from "~/routes/admin.settings";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onBothDatabases)("history, restore and the activity log on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const post = (handler: (args: never) => unknown, path: string, fields: Record<string, string | number>) =>
    callRoute(handler, postForm(path, fields, admin));
  const history = async (key: string) =>
    (await callRoute(historyLoader, siteRequest(`/admin/history?key=${encodeURIComponent(key)}`, { cookie: admin }))).body;
  const restore = (key: string, revisionId: number, version?: number) =>
    post(historyAction, "/admin/history", { intent: "restore-revision", key, revisionId, ...(version === undefined ? {} : { version }) });
  const value = async (page: string, section: string) =>
    (
      await app.handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    )[0]?.contentValue;

  it("lists a card's values newest first and restores an earlier one as a new revision, clearing the cache", async () => {
    await post(contentAction, "/admin/content", { intent: contentIntents.initialize });
    const [row] = await app.handle.db
      .select()
      .from(pageContent)
      .where(and(eq(pageContent.pageName, "home"), eq(pageContent.sectionName, "hero_title")));
    await post(contentAction, "/admin/content", { intent: contentIntents.update, id: row!.id, contentValue: "First" });
    await post(contentAction, "/admin/content", { intent: contentIntents.update, id: row!.id, contentValue: "Second" });
    const listed = await history("home/hero_title");
    expect(listed.revisions.map((revision: { after: string }) => revision.after).slice(0, 2)).toEqual(["Second", "First"]);
    expect(listed.revisions[0]).toMatchObject({ by: "admin@example.com", action: "update", display: "text", before: "First" });
    expect(await getPageContent("home")).toMatchObject({ hero_title: "Second" });
    expect(await restore("home/hero_title", listed.revisions[1].id, listed.version)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await value("home", "hero_title")).toBe("First");
    expect((await getPageContent("home")).hero_title).toBe("First");
    const after = await history("home/hero_title");
    expect(after.revisions[0]).toMatchObject({ action: "restore", before: "Second", after: "First" });
  });

  it("refuses an unknown revision, a revision of another key and a restore racing a save", async () => {
    const listed = await history("home/hero_title");
    expect((await restore("home/hero_title", 999_999)).status).toBe(404);
    expect((await restore("home/hero_subtitle", listed.revisions[0].id)).status).toBe(404);
    expect((await restore("../etc", 1)).status).toBe(400);
    expect(
      (await post(historyAction, "/admin/history", { intent: "restore-revision", key: "home/hero_title", revisionId: "x" })).status,
    ).toBe(400);
    // Someone saved after this history was opened: the restore is refused and changes nothing.
    const stale = listed.version - 1;
    const answer = await restore("home/hero_title", listed.revisions[1].id, stale);
    expect(answer).toMatchObject({ status: 409, body: { conflict: { value: "First" } } });
    expect(await value("home", "hero_title")).toBe("First");
  });

  it("restores a setting image's stored file name", async () => {
    await post(settingsAction, "/admin/settings", { intent: "update-setting", section: "header_logo_url", value: "/uploads/one.png" });
    await post(settingsAction, "/admin/settings", { intent: "update-setting", section: "header_logo_url", value: "/uploads/two.png" });
    const listed = await history("global/header_logo_url");
    expect(listed.revisions[0]).toMatchObject({ display: "image", before: "/uploads/one.png", after: "/uploads/two.png" });
    await restore("global/header_logo_url", listed.revisions[1].id, listed.version);
    expect(await value("global", "header_logo_url")).toBe("/uploads/one.png");
  });

  it("brings back a deleted menu item under its id and a deleted section", async () => {
    await post(menuAction, "/admin/menu", {
      intent: menuIntents.create,
      displayName: "Blog",
      url: "/blog",
      menuType: "footer",
      sortOrder: "4",
    });
    const [blog] = await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, "Blog"));
    await post(menuAction, "/admin/menu", { intent: menuIntents.delete, id: blog!.id });
    const [promo] = await app.handle.db.select().from(pageContent).where(eq(pageContent.sectionName, "hero_subtitle")).limit(1);
    await post(contentAction, "/admin/content", { intent: contentIntents.delete, id: promo!.id });
    const { deleted } = (await callRoute(historyLoader, siteRequest("/admin/history", { cookie: admin }))).body;
    const keys = deleted.map((revision: { key: string }) => revision.key);
    expect(keys).toEqual(expect.arrayContaining([`menu:${blog!.id}`, `${promo!.pageName}/hero_subtitle`]));
    const menuDeletion = deleted.find((revision: { key: string }) => revision.key === `menu:${blog!.id}`);
    expect(await restore(menuDeletion.key, menuDeletion.id, menuDeletion.id)).toMatchObject({ status: 200 });
    const [back] = await app.handle.db.select().from(menuItems).where(eq(menuItems.id, blog!.id));
    expect(back).toMatchObject({ displayName: "Blog", url: "/blog", menuType: "footer", sortOrder: 4 });
    const sectionDeletion = deleted.find((revision: { key: string }) => revision.key.endsWith("/hero_subtitle"));
    await restore(sectionDeletion.key, sectionDeletion.id);
    expect(await value(promo!.pageName, "hero_subtitle")).toBe(promo!.contentValue);
    const after = (await callRoute(historyLoader, siteRequest("/admin/history", { cookie: admin }))).body.deleted;
    expect(after.map((revision: { key: string }) => revision.key)).not.toContain(`menu:${blog!.id}`);
  });

  it("undoes Initialize All Content as a whole, and the undo can be undone", async () => {
    await app.handle.db.update(pageContent).set({ contentValue: "Edited" }).where(eq(pageContent.sectionName, "hero_title"));
    await app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "extra", contentValue: "Extra" });
    await post(contentAction, "/admin/content", { intent: contentIntents.initialize });
    expect(await value("home", "extra")).toBeUndefined();
    const { groups } = (await callRoute(historyLoader, siteRequest("/admin/history", { cookie: admin }))).body;
    expect(groups[0].changed).toBeGreaterThanOrEqual(2);
    expect(await post(historyAction, "/admin/history", { intent: "undo-group", groupId: groups[0].groupId })).toMatchObject({
      status: 200,
    });
    expect(await value("home", "extra")).toBe("Extra");
    expect(await value("home", "hero_title")).toBe("Edited");
    expect((await getPageContent("home")).hero_title).toBe("Edited");
    const [undo] = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "content.undo_group"));
    const undoGroup = (undo!.details as { groupId: string }).groupId;
    await post(historyAction, "/admin/history", { intent: "undo-group", groupId: undoGroup });
    expect(await value("home", "extra")).toBeUndefined();
    expect((await post(historyAction, "/admin/history", { intent: "undo-group", groupId: "not-a-group" })).status).toBe(400);
  });

  it("the log shows who, what in words and the card's history key; filters, pages and exports CSV", async () => {
    await app.handle.db.insert(activityEvents).values(
      Array.from({ length: 60 }, (_, index) => ({
        kind: "auth.sign_in",
        area: "auth",
        userEmail: "admin@example.com",
        target: `attempt ${index}`,
      })),
    );
    const page = async (search: string) =>
      (await callRoute(activityLoader, siteRequest(`/admin/other/activity${search}`, { cookie: admin }))).body;
    const first = await page("");
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ by: "admin@example.com", kind: "Вход: вход" });
    const menuEntry = (await page("?area=menu")).entries[0];
    expect(menuEntry.what).toBe("Пункт меню «Blog»");
    const settingsPage = await page("?area=settings");
    expect(settingsPage.entries.every((entry: { area: string }) => entry.area === "settings")).toBe(true);
    expect(settingsPage.entries[0]).toMatchObject({
      historyKey: "global/header_logo_url",
      what: "Страница «global», раздел «header_logo_url»",
    });
    // Keyset pages: the next page starts below the last entry shown and repeats none.
    const second = await page(`?before=${first.nextBefore}`);
    expect(second.entries[0].id).toBe(first.entries.at(-1).id - 1);
    expect(await page("?from=2000-01-01&to=2000-01-02")).toMatchObject({ entries: [] });
    expect(await page("?area=%3Cscript%3E")).toMatchObject({ invalidFilters: true });
    // An area another feature adds later is shown as it is stored.
    await app.handle.db.insert(activityEvents).values({ kind: "backup.rotate_keys", area: "backups-v2", target: "nightly" });
    expect((await page("?area=backups-v2")).entries[0]).toMatchObject({ kind: "backups-v2: rotate keys", what: "nightly" });

    const csv = await callRoute(exportLoader, siteRequest("/admin/activity-export?area=menu", { cookie: admin }));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe("Время (UTC),Кто,Событие,Раздел,Что");
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((line) => line.includes(",menu,"))).toBe(true);
  });
});
