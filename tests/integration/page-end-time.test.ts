// A landing page's end time: set in the editor (bad input refused with its message, nothing
// written), carried out once by the background job (whatever instance runs it, again or late),
// logged once in the activity log and noted once in the archive's outbox.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, archiveOutbox, contentRevisions, landingPages } from "~/db/schema";
import { inLanguage } from "~/features/admin-i18n/messages";
import { endDuePages } from "~/features/pages/end.server";
import { pageIntents, pageMessages } from "~/features/pages/schema";
import { slugMessages } from "~/features/pages/slug";
import { instantToZoned } from "~/features/releases/time-zone";
import { loader as publicLoader } from "~/routes/_public.$";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const HOUR = 3_600_000;

describe.each(onBothDatabases)("a landing page's end time on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const editor = async (id: number) =>
    (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${id}`, { cookie: admin }))).body.editor;
  const visit = (path: string) => callRoute(publicLoader, siteRequest(path));
  const local = (at: Date) => instantToZoned(at, app.env.SITE_TIME_ZONE);

  async function publishedPage(title: string, path: string) {
    const created = await postPages({ intent: pageIntents.create, title, path });
    const id = created.body.id as number;
    await postPages({ intent: pageIntents.publish, id, version: (await editor(id)).version });
    expect((await visit(path)).status).toBe(200);
    return id;
  }
  const setEnd = async (id: number, fields: { endsAt: string; endRedirect?: string; endRedirectStatus?: string }) =>
    postPages({ intent: pageIntents.end, id, version: (await editor(id)).version, endRedirect: "", ...fields });

  const endEvents = async (id: number) =>
    (await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "page.end"))).filter(
      (event) => (event.details as { pageId: number }).pageId === id,
    );
  const outboxRows = async () =>
    (await app.handle.db.select().from(archiveOutbox).where(eq(archiveOutbox.kind, "page.end"))).map((row) => row.records);
  const revisionCount = async (id: number) => {
    const [row] = await app.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contentRevisions)
      .where(eq(contentRevisions.key, `page:${id}`));
    return row!.n;
  };

  it("ends a page once at its end time with the chosen 301, however many runs and instances", async () => {
    const db = app.handle.db;
    const id = await publishedPage("Summer cashback", "/summer-cashback");
    const endsAt = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
    const set = await setEnd(id, { endsAt: local(endsAt), endRedirect: "/fees", endRedirectStatus: "301" });
    expect(set.body).toMatchObject({ ok: true });
    expect((await editor(id)).page).toMatchObject({ endsAt: endsAt.toISOString(), endRedirect: "/fees", endRedirectStatus: 301 });

    // Before the time: nothing.
    expect(await endDuePages(db, new Date(endsAt.getTime() - 60_000))).toEqual([]);
    expect((await visit("/summer-cashback")).status).toBe(200);
    expect(await endEvents(id)).toHaveLength(0);

    // At the time, two instances at once and then again: one of them ends it, once.
    const after = new Date(endsAt.getTime() + 1_000);
    const runs = await Promise.all([endDuePages(db, after), endDuePages(db, after)]);
    expect(runs.flat()).toEqual([id]);
    expect(await endDuePages(db, after)).toEqual([]);
    expect(await endDuePages(db, new Date(endsAt.getTime() + HOUR))).toEqual([]);

    const answer = await visit("/summer-cashback");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/fees");
    const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id));
    expect(row).toMatchObject({ status: "unpublished", unpublishedRedirect: "/fees", unpublishedRedirectStatus: 301 });
    const events = await endEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: null, area: "pages" });
    expect(events[0]!.details).toMatchObject({ path: "/summer-cashback", redirect: "/fees", status: 301 });
    expect((await outboxRows()).filter((records) => records?.includes(`page:${id}`))).toHaveLength(1);
    // The list shows it ended: unpublished, with its end time.
    expect((await editor(id)).page).toMatchObject({ status: "unpublished", endsAt: endsAt.toISOString() });
    // Publishing it again once its end time has passed (the clock moved on) is refused until the end time changes.
    await db
      .update(landingPages)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(landingPages.id, id));
    const again = await postPages({ intent: pageIntents.publish, id, version: (await editor(id)).version });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(pageMessages.endBeforePublish);
  });

  it("catches up after a restart: an end time that passed while no server ran ends the page at the first run (404)", async () => {
    const db = app.handle.db;
    const id = await publishedPage("Winter promo", "/winter-promo");
    const set = await setEnd(id, { endsAt: local(new Date(Date.now() + 10 * 60_000)) });
    expect(set.body).toMatchObject({ ok: true });
    // The server was down over the end time: a fresh instance's first run, a day later.
    expect(await endDuePages(db, new Date(Date.now() + 24 * HOUR))).toEqual([id]);
    expect((await visit("/winter-promo")).status).toBe(404);
    expect(await endEvents(id)).toHaveLength(1);
    expect(await endDuePages(db, new Date(Date.now() + 25 * HOUR))).toEqual([]);
    expect(await endEvents(id)).toHaveLength(1);
  });

  it("refuses bad input with its message in the dashboard's language and writes nothing", async () => {
    const id = await publishedPage("Spring offer", "/spring-offer");
    const revisions = await revisionCount(id);
    const future = local(new Date(Date.now() + 3 * HOUR));
    const cases: [Record<string, string>, string, string][] = [
      [{ endsAt: local(new Date(Date.now() - HOUR)) }, pageMessages.endPast, "endsAt"],
      [{ endsAt: "29.11.2026 10:00" }, pageMessages.endDate, "endsAt"],
      [{ endsAt: future, endRedirect: "javascript:alert(1)" }, slugMessages.redirectTarget, "endRedirect"],
      [{ endsAt: future, endRedirect: "//evil.example" }, slugMessages.redirectTarget, "endRedirect"],
      [{ endsAt: future, endRedirect: "https://site.example@evil.example" }, slugMessages.redirectTarget, "endRedirect"],
      [{ endsAt: future, endRedirect: "/spring-offer" }, slugMessages.same, "endRedirect"],
    ];
    for (const [fields, message, field] of cases) {
      const answer = await setEnd(id, fields as { endsAt: string });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.fieldErrors?.[field]?.[0]).toBe(message);
    }
    const status = await setEnd(id, { endsAt: future, endRedirect: "/fees", endRedirectStatus: "307" });
    expect(status.status).toBe(400);
    expect(await revisionCount(id)).toBe(revisions);
    const [row] = await app.handle.db
      .select()
      .from(landingPages)
      .where(and(eq(landingPages.id, id)));
    expect(row).toMatchObject({ endsAt: null, endRedirect: null, status: "published" });

    // The dashboard shows each refusal in the administrator's language (the catalogues' twins).
    expect(inLanguage("en", pageMessages.endPast)).toBe("The end time has passed: choose a time in the future");
    expect(inLanguage("en", pageMessages.endDate)).not.toBe(pageMessages.endDate);
  });
});
