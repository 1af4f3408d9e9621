import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, contentRevisions, menuItems, releaseChanges, releases } from "~/db/schema";
import { getContentVersion, getPageContent } from "~/features/content/read.server";
import { undoGroup } from "~/features/history/revision-groups.server";
import { action as historyAction } from "~/routes/admin.history";
import { action as contentAction } from "~/routes/admin.content";
import { liveMenuItem, liveValue, releaseClient, secondAdmin, stagedKeys } from "../support/releases";
import { signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("releases on %s", (kind) => {
  const app = useTestApp(kind);
  let author = "";
  let reviewer = "";
  const as = releaseClient(app, () => author);
  const other = releaseClient(app, () => reviewer);
  const revisionCount = async () => (await app.handle.db.select({ id: contentRevisions.id }).from(contentRevisions)).length;
  let menuId = 0;

  beforeAll(async () => {
    author = await signUpAndGetCookie(app.auth, "author@example.com");
    reviewer = await secondAdmin(app, "reviewer@example.com");
    await as.post(contentAction, "/admin/content", { intent: "initialize-content" });
    await as.menu({ intent: "create-menu-item", displayName: "Blog", url: "/blog", menuType: "header", sortOrder: 5 });
    menuId = (await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, "Blog")))[0]!.id;
  });

  it("with no release open every save goes live at once, as before", async () => {
    expect((await as.fee("page_title", "Live fees")).status).toBe(200);
    expect((await getPageContent("fees")).page_title).toBe("Live fees");
  });

  // long-function: one walk through every kind of save, staged
  it("stages every kind of save into the open release: nothing goes live, no revision, no cache clear", async () => {
    const id = await as.create("Новые тарифы с 1 февраля");
    const revisions = await revisionCount();
    const cacheVersion = getContentVersion();
    expect((await as.content("home", "hero_title", "Staged hero")).status).toBe(200);
    expect((await as.fee("page_title", "Staged fees")).status).toBe(200);
    expect((await as.setting("primary_color", "#123456")).status).toBe(200);
    expect((await as.legal("terms", "<p>Staged terms</p>")).status).toBe(200);
    expect((await as.menu({ intent: "update-menu-item", id: menuId, displayName: "Blog 2", sortOrder: 7 })).status).toBe(200);
    expect((await as.menu({ intent: "create-menu-item", displayName: "New", url: "/new", menuType: "footer", sortOrder: 1 })).status).toBe(
      200,
    );
    expect(await liveValue(app, "home", "hero_title")).not.toBe("Staged hero");
    expect(await liveValue(app, "fees", "page_title")).toBe("Live fees");
    expect((await liveMenuItem(app, menuId))!.displayName).toBe("Blog");
    expect(await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, "New"))).toHaveLength(0);
    expect(await revisionCount()).toBe(revisions);
    expect(getContentVersion()).toBe(cacheVersion);
    const keys = await stagedKeys(app, id);
    expect(keys).toEqual(
      expect.arrayContaining(["fees/page_title", "global/primary_color", "home/hero_title", "terms/page_content", `menu:${menuId}`]),
    );
    expect(keys.filter((key) => key.startsWith("menu:"))).toHaveLength(2);
    // A second edit of a staged key builds on the staged value; hiding builds on the staged edit.
    expect((await as.menu({ intent: "set-menu-item-active", id: menuId, isActive: "false" })).status).toBe(200);
    const [menuChange] = await app.handle.db
      .select()
      .from(releaseChanges)
      .where(eq(releaseChanges.key, `menu:${menuId}`));
    expect(menuChange!.staged).toMatchObject({ displayName: "Blog 2", sortOrder: 7, isActive: false });
    const view = (await as.view(id)).body.release;
    expect(view.changes.find((change: { key: string }) => change.key === "home/hero_title").revision).toMatchObject({
      after: "Staged hero",
    });
    const stage = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "release.stage"));
    expect(stage.length).toBeGreaterThanOrEqual(7);
    // Publish: everything at once, one group, the cache cleared once.
    const before = getContentVersion();
    expect((await as.release(id, { intent: "publish-release" })).body).toMatchObject({ ok: true });
    expect(getContentVersion()).toBe(before + 1);
    expect((await getPageContent("home")).hero_title).toBe("Staged hero");
    expect(await liveMenuItem(app, menuId)).toMatchObject({ displayName: "Blog 2", isActive: false });
    const [published] = await app.handle.db.select().from(releases).where(eq(releases.id, id));
    expect(published!.state).toBe("published");
    const group = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.groupId, published!.publishGroupId!));
    expect(group.map((revision) => revision.key).sort()).toEqual(keys.sort());
    // The drafting mode ended with the publish: the next save goes live.
    expect((await as.fee("page_title", "After publish")).status).toBe(200);
    expect(await liveValue(app, "fees", "page_title")).toBe("After publish");
    // Undo as a group: content and menu items back as they were (the new item gone again).
    expect(await undoGroup(app.handle.db, published!.publishGroupId!, null)).toBe(true);
    expect(await liveValue(app, "home", "hero_title")).not.toBe("Staged hero");
    expect(await liveMenuItem(app, menuId)).toMatchObject({ displayName: "Blog", isActive: true });
    expect(await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, "New"))).toHaveLength(0);
  });

  it("rolls the whole publish back when one change fails", async () => {
    const id = await as.create("Broken");
    await as.content("home", "hero_title", "Never seen");
    await as.goLive();
    await app.handle.db.insert(releaseChanges).values({
      releaseId: id,
      key: `menu:${menuId}`,
      area: "menu",
      staged: { ...(await liveMenuItem(app, menuId))!, createdAt: undefined, sortOrder: 5000 },
      liveRevisionId: await revisionIdOf(`menu:${menuId}`),
    });
    const revisions = await revisionCount();
    const answer = await as.release(id, { intent: "publish-release" });
    expect(answer.status).toBe(500);
    expect(await liveValue(app, "home", "hero_title")).not.toBe("Never seen");
    expect(await revisionCount()).toBe(revisions);
    expect((await app.handle.db.select().from(releases).where(eq(releases.id, id)))[0]!.state).toBe("draft");
  });

  const revisionIdOf = async (key: string) =>
    (await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, key))).reduce(
      (max, row) => Math.max(max, row.id),
      0,
    );

  it("lists conflicts with the live value and publishes only after each is settled", async () => {
    const id = await as.create("Conflicting");
    await as.content("home", "hero_subtitle", "Release subtitle");
    await as.fee("page_title", "Release fees");
    await as.goLive();
    await other.content("home", "hero_subtitle", "Changed live meanwhile");
    await other.fee("page_title", "Fees changed live");
    const refused = await as.release(id, { intent: "publish-release" });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts.sort()).toEqual(["fees/page_title", "home/hero_subtitle"]);
    expect(await liveValue(app, "home", "hero_subtitle")).toBe("Changed live meanwhile");
    const view = (await as.view(id)).body.release;
    expect(view.changes.filter((change: { conflict: boolean }) => change.conflict)).toHaveLength(2);
    await as.release(id, { intent: "resolve-conflict", key: "home/hero_subtitle", choice: "release" });
    await as.release(id, { intent: "resolve-conflict", key: "fees/page_title", choice: "live" });
    expect((await as.release(id, { intent: "publish-release" })).body).toMatchObject({ ok: true });
    expect(await liveValue(app, "home", "hero_subtitle")).toBe("Release subtitle");
    expect(await liveValue(app, "fees", "page_title")).toBe("Fees changed live");
  });

  it("four eyes: only another administrator approves, an edit voids the approval, publishing twice is refused", async () => {
    await as.policies(true, false);
    const id = await as.create("Reviewed");
    await as.content("home", "hero_title", "Reviewed title");
    expect((await as.release(id, { intent: "publish-release" })).status).toBe(409);
    expect((await as.release(id, { intent: "approve-release" })).status).toBe(403);
    expect((await other.release(id, { intent: "approve-release", comment: "OK" })).body).toMatchObject({ ok: true });
    await as.content("home", "hero_title", "Edited after approval");
    expect((await as.view(id)).body.release).toMatchObject({ state: "draft", approvalValid: false });
    expect((await as.release(id, { intent: "publish-release" })).status).toBe(409);
    expect((await other.release(id, { intent: "send-back-release", comment: "Fix the title" })).body.ok).toBe(true);
    expect((await as.view(id)).body.release.reviewComment).toBe("Fix the title");
    await other.release(id, { intent: "approve-release" });
    const answers = await Promise.all([as.release(id, { intent: "publish-release" }), other.release(id, { intent: "publish-release" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await liveValue(app, "home", "hero_title")).toBe("Edited after approval");
    const kinds = (await app.handle.db.select().from(activityEvents)).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["release.approve", "release.send_back", "release.publish", "release.policies"]));
    await as.policies(false, false);
  });

  it("'Изменения только через выпуски' refuses a live save with 403 and a way to stage it; staging still works", async () => {
    await as.policies(false, true);
    const refused = await as.fee("page_title", "Direct");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("выпуск");
    const menu = await as.menu({ intent: "set-menu-item-active", id: menuId, isActive: "false" });
    expect(menu.status).toBe(403);
    const id = await as.create("Through a release");
    expect((await as.fee("page_title", "Staged")).status).toBe(200);
    expect(await stagedKeys(app, id)).toEqual(["fees/page_title"]);
    await as.goLive();
    await as.policies(false, false);
  });

  it("restoring a card from history while drafting stages the restored value; in live mode it goes live and the release conflicts", async () => {
    const id = await as.create("History");
    await as.content("home", "hero_title", "Staged before restore");
    const [oldest] = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, "home/hero_title")).limit(1);
    await as.post(historyAction, "/admin/history", { intent: "restore-revision", key: "home/hero_title", revisionId: oldest!.id });
    const [change] = await app.handle.db.select().from(releaseChanges).where(eq(releaseChanges.releaseId, id));
    expect(change!.staged).toMatchObject({ contentValue: (oldest!.after as { contentValue: string }).contentValue });
    expect(await liveValue(app, "home", "hero_title")).toBe("Edited after approval");
    await as.content("home", "hero_title", "Staged again");
    await as.goLive();
    await as.post(historyAction, "/admin/history", { intent: "restore-revision", key: "home/hero_title", revisionId: oldest!.id });
    expect(await liveValue(app, "home", "hero_title")).toBe((oldest!.after as { contentValue: string }).contentValue);
    expect((await as.release(id, { intent: "publish-release" })).body.conflicts).toEqual(["home/hero_title"]);
  });

  it("flags a key staged in two open releases in both, and refuses unknown or closed releases", async () => {
    const first = await as.create("First");
    await as.setting("company_name", "First name");
    const second = await as.create("Second");
    await as.setting("company_name", "Second name");
    await as.goLive();
    for (const id of [first, second])
      expect((await as.view(id)).body.release.changes[0].sharedWith).toEqual([id === first ? "Second" : "First"]);
    expect((await as.view(999_999)).status).toBe(404);
    expect((await as.view("abc")).status).toBe(404);
    expect((await as.release(999_999, { intent: "publish-release" })).status).toBe(404);
    expect((await as.open(999_999)).status).toBe(404);
    await as.release(first, { intent: "cancel-release" });
    expect((await as.release(first, { intent: "publish-release" })).status).toBe(409);
    expect((await as.open(first)).status).toBe(409);
    expect((await as.release(second, { intent: "schedule-release", at: "2001-01-01T10:00" })).status).toBe(400);
    expect((await as.release(second, { intent: "schedule-release", at: "not a date" })).status).toBe(400);
  });
});
