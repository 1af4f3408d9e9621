import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentIntents } from "~/features/content/intents";
import { menuIntents } from "~/features/content/menu/intents";
import { activityEvents, adminUsers, contentRevisions, menuItems, pageContent, user } from "~/db/schema";
import { action as contentAction } from "~/routes/admin.content";
import { action as feesAction } from "~/routes/admin.fees";
import { action as legalAction } from "~/routes/admin.legal";
import { action as menuAction } from "~/routes/admin.menu";
import { action as settingsAction } from "~/routes/admin.settings";
import { signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onBothDatabases)("content revisions on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  const post = (handler: (args: never) => unknown, path: string, fields: Record<string, string | number>) =>
    callRoute(handler, postForm(path, fields, admin));
  const revisionsOf = (key: string) =>
    app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, key)).orderBy(desc(contentRevisions.id));
  const row = async (page: string, section: string) =>
    (
      await app.handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    )[0];
  const eventFor = async (revisionId: number) =>
    (
      await app.handle.db
        .select()
        .from(activityEvents)
        .where(sql`${activityEvents.details}->>'revisionId' = ${String(revisionId)}`)
    )[0];

  it("records a content card's save with before, after, who and an activity event", async () => {
    await app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "hero_title", contentValue: "Old" });
    const { id } = (await row("home", "hero_title"))!;
    expect(await post(contentAction, "/admin/content", { intent: contentIntents.update, id, contentValue: "New" })).toMatchObject({
      status: 200,
    });
    const [revision] = await revisionsOf("home/hero_title");
    expect(revision).toMatchObject({ area: "content", action: "update", userEmail: "admin@example.com" });
    expect(revision!.before).toMatchObject({ contentValue: "Old" });
    expect(revision!.after).toMatchObject({ contentValue: "New" });
    expect(await eventFor(revision!.id)).toMatchObject({
      kind: "content.update",
      area: "content",
      target: "home/hero_title",
      userEmail: "admin@example.com",
    });
  });

  it("records adding and deleting a section, the delete keeping the whole row", async () => {
    await post(contentAction, "/admin/content", {
      intent: contentIntents.add,
      pageName: "home",
      sectionName: "promo",
      contentType: "text",
      contentValue: "Promo",
    });
    const { id } = (await row("home", "promo"))!;
    await post(contentAction, "/admin/content", { intent: contentIntents.delete, id });
    const [deleted, created] = await revisionsOf("home/promo");
    expect(created).toMatchObject({ action: "create", before: null, after: { contentValue: "Promo" } });
    expect(deleted).toMatchObject({ action: "delete", before: { contentValue: "Promo", contentType: "text" }, after: null });
  });

  it("records settings (created from the default), fees and legal pages", async () => {
    expect(
      await post(settingsAction, "/admin/settings", { intent: "update-setting", section: "company_name", value: "Acme" }),
    ).toMatchObject({ status: 200 });
    expect((await revisionsOf("global/company_name"))[0]).toMatchObject({
      area: "settings",
      before: null,
      after: { contentValue: "Acme" },
    });
    expect(await post(feesAction, "/admin/fees", { intent: "update-fee", section: "page_title", value: "Prices" })).toMatchObject({
      status: 200,
    });
    expect((await revisionsOf("fees/page_title"))[0]).toMatchObject({ area: "fees", after: { contentValue: "Prices" } });
    await post(legalAction, "/admin/legal", { intent: "init-legal-pages" });
    expect((await revisionsOf("terms/page_content"))[0]).toMatchObject({ area: "legal", action: "create" });
    const delta = JSON.stringify({ ops: [{ insert: "Terms\n" }] });
    await post(legalAction, "/admin/legal", {
      intent: "save-legal-page",
      page_name: "terms",
      section_name: "page_content",
      content: "<p>Terms</p>",
      rich_content: delta,
    });
    const [saved] = await revisionsOf("terms/page_content");
    expect(saved).toMatchObject({
      area: "legal",
      action: "update",
      after: { contentValue: "<p>Terms</p>", richContent: { ops: [{ insert: "Terms\n" }] } },
    });
  });

  it("records page links and every menu write under menu:<id>", async () => {
    await post(settingsAction, "/admin/settings", { intent: "add-page-link", pageName: "about", pageUrl: "/about" });
    expect((await revisionsOf("about/page_url"))[0]).toMatchObject({ area: "page-links", action: "create", after: { pageUrl: "/about" } });
    await post(menuAction, "/admin/menu", {
      intent: menuIntents.create,
      displayName: "Blog",
      url: "/blog",
      menuType: "header",
      sortOrder: "7",
    });
    const [blog] = await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, "Blog"));
    await post(menuAction, "/admin/menu", { intent: menuIntents.update, id: blog!.id, displayName: "News" });
    await post(menuAction, "/admin/menu", { intent: menuIntents.setActive, id: blog!.id, isActive: "false" });
    await post(menuAction, "/admin/menu", { intent: menuIntents.delete, id: blog!.id });
    const actions = (await revisionsOf(`menu:${blog!.id}`)).map((revision) => [
      revision.action,
      (revision.after as { displayName?: string } | null)?.displayName ?? null,
    ]);
    expect(actions).toEqual([
      ["delete", null],
      ["update", "News"],
      ["update", "News"],
      ["create", "Blog"],
    ]);
  });

  it("Initialize All Content records one group with everything it replaced", async () => {
    await app.handle.db
      .update(pageContent)
      .set({ contentValue: "Mine" })
      .where(and(eq(pageContent.pageName, "home"), eq(pageContent.sectionName, "hero_title")));
    expect(await post(contentAction, "/admin/content", { intent: contentIntents.initialize })).toMatchObject({ status: 200 });
    const [event] = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "content.initialize"));
    const groupId = (event!.details as { groupId: string }).groupId;
    const group = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.groupId, groupId));
    expect(group.find((revision) => revision.key === "home/hero_title")).toMatchObject({
      action: "initialize",
      before: { contentValue: "Mine" },
    });
    // The legal pages it replaced are kept whole, HTML and the editor's document.
    expect(group.find((revision) => revision.key === "terms/page_content")!.before).toMatchObject({ contentValue: "<p>Terms</p>" });
  });

  it("a failing write leaves no revision, and a failing revision leaves no write", async () => {
    const count = async () => (await app.handle.db.select({ id: contentRevisions.id }).from(contentRevisions)).length;
    const before = await count();
    // The value is too long for a check the database enforces: the write fails.
    await app.handle.db.execute(sql`alter table page_content add constraint test_short check (length(content_value) < 1000) not valid`);
    const answer = await post(settingsAction, "/admin/settings", {
      intent: "update-setting",
      section: "company_name",
      value: "x".repeat(2000),
    });
    expect(answer.status).toBe(500);
    expect(await count()).toBe(before);
    await app.handle.db.execute(sql`alter table page_content drop constraint test_short`);

    await app.handle.db.execute(
      sql`alter table content_revisions add constraint test_refuse check (key <> 'global/company_name') not valid`,
    );
    expect(
      (await post(settingsAction, "/admin/settings", { intent: "update-setting", section: "company_name", value: "Lost" })).status,
    ).toBe(500);
    expect((await row("global", "company_name"))!.contentValue).toBe("Acme");
    await app.handle.db.execute(sql`alter table content_revisions drop constraint test_refuse`);
  });

  it("refuses a save against a version another administrator changed, with 409, the value and who", async () => {
    const other = await signUpAndGetCookie(app.auth, "second@example.com");
    const [second] = await app.handle.db.select().from(user).where(eq(user.email, "second@example.com"));
    await app.handle.db.insert(adminUsers).values({ userId: second!.id });
    const opened = (await revisionsOf("global/company_name"))[0]!.id;
    const theirs = await callRoute(
      settingsAction,
      postForm("/admin/settings", { intent: "update-setting", section: "company_name", value: "Theirs", version: opened }, other),
    );
    expect(theirs.status).toBe(200);
    const mine = await post(settingsAction, "/admin/settings", {
      intent: "update-setting",
      section: "company_name",
      value: "Mine",
      version: opened,
    });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({
      ok: false,
      message: "Контент был изменён другим администратором. Обновите страницу, чтобы увидеть текущую версию.",
      conflict: { value: "Theirs", by: "second@example.com" },
    });
    expect((await row("global", "company_name"))!.contentValue).toBe("Theirs");
    // Overwriting deliberately: the editor sends the version it was shown.
    const overwrite = await post(settingsAction, "/admin/settings", {
      intent: "update-setting",
      section: "company_name",
      value: "Mine",
      version: mine.body.conflict.version,
    });
    expect(overwrite.status).toBe(200);
    expect((await row("global", "company_name"))!.contentValue).toBe("Mine");
  });

  it("checks the version of a content card that has no row yet ('absent' is version 0)", async () => {
    const first = await post(settingsAction, "/admin/settings", {
      intent: "update-setting",
      section: "logo_alt_text",
      value: "One",
      version: 0,
    });
    expect(first.status).toBe(200);
    const second = await post(settingsAction, "/admin/settings", {
      intent: "update-setting",
      section: "logo_alt_text",
      value: "Two",
      version: 0,
    });
    expect(second).toMatchObject({ status: 409, body: { conflict: { value: "One" } } });
  });
});
