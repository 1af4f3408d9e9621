// Effective dates of the terms and the fees (issue 46, item 4): a dated change is staged in a
// release from the legal tab, refused in the past, scheduled only for the start of its date, and
// published there by the scheduler; until then the page keeps its text and announces the coming
// version, from then on it says since when it applies and lists its earlier versions, served
// from the archive. On both databases: the scheduler's claim, the archive's chain and its reads.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { archiveOutbox, pageContent, releases, user } from "~/db/schema";
import { deleteContentRow, listContentRows, updateContentValue } from "~/features/content/admin.server";
import { contentIntents } from "~/features/content/intents";
import { contentMessages } from "~/features/content/schema";
import { action as contentAction } from "~/routes/admin.content";
import { archivePending } from "~/features/archive/worker.server";
import type { ArchiveCapture } from "~/features/archive/capture.server";
import { initLegalPages } from "~/features/content/legal/admin.server";
import { loadLegalPage } from "~/features/content/legal/pages.server";
import { addMonths } from "~/features/content/effective/keys";
import { comingChange } from "~/features/effective-dates/public.server";
import { SET_EFFECTIVE_DATE } from "~/features/effective-dates/schema";
import { siteToday } from "~/features/effective-dates/stage.server";
import { effectiveStart } from "~/features/releases/effective-schedule.server";
import { publishDueReleases } from "~/features/releases/schedule.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, reviewRelease, scheduleRelease, setDrafting } from "~/features/releases/releases.server";
import { action as legalAction, loader as legalLoader } from "~/routes/admin.legal";
import { action as feesAction } from "~/routes/admin.fees";
import { loader as termsLoader } from "~/routes/_public.terms";
import { loader as upcomingLoader } from "~/routes/_public.legal-upcoming";
import { loader as versionLoader } from "~/routes/document-version";
import type { Database } from "~/platform/db.server";
import { callRoute, postForm } from "../support/admin-routes";
import { onBothDatabases, siteRequest, signUpAndGetCookie, useTestApp } from "../support/test-database";

const delta = JSON.stringify({ ops: [{ insert: "Terms of 2027\n" }] });

/** The archive's renderer for these tests: the terms as a visitor's render reads them, with the announcement. */
const capture: ArchiveCapture = {
  async render(path) {
    if (path === "/terms") {
      const coming = await comingChange("terms");
      const html = (await loadLegalPage("terms")).html + (coming ? `<p>Coming on ${coming.date}</p>` : "");
      return { status: 200, body: Buffer.from(`<!DOCTYPE html><html><body><main>${html}</main></body></html>`) };
    }
    return { status: path === "/404" ? 404 : 200, body: Buffer.from(`<p>${path}</p>`) };
  },
};

const archive = (db: Database) => archivePending(db, { capture, owner: "effective-test", settleMs: 0 });

const daysFromToday = (days: number) => {
  const at = new Date(`${siteToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

describe.each(onBothDatabases)("effective dates of the terms and fees on %s", (kind) => {
  const app = useTestApp(kind);
  let cookie = "";
  let admin: { id: string; email: string; role: string };
  const postLegal = (fields: Record<string, string>) => callRoute(legalAction, postForm("/admin/legal", fields, cookie));
  const setDate = (date: string, document = "terms") => postLegal({ intent: SET_EFFECTIVE_DATE, document, effective_from: date });

  beforeAll(async () => {
    cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
    const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
    admin = { id: row!.id, email: "admin@example.com", role: "administrator" };
    await initLegalPages(app.handle.db, admin);
    // The starting point and the pages' creation: the terms' first archived version.
    await archive(app.handle.db);
  });

  afterEach(() => vi.useRealTimers());

  it("refuses a date outside a release, in the past or today, and a malformed one, with its message", async () => {
    const outside = await setDate(daysFromToday(90));
    expect(outside.status).toBe(409);
    expect(outside.body.message).toMatch(/только в выпуске/);
    const release = await createRelease(app.handle.db, "Refused dates", admin);
    await setDrafting(app.handle.db, admin, release.id);
    for (const date of [daysFromToday(-1), siteToday()]) {
      const past = await setDate(date);
      expect(past.status, date).toBe(400);
      expect(past.body.message).toMatch(/уже наступила/);
    }
    for (const date of ["2027-02-30", "01.03.2027", "x".repeat(200)]) expect((await setDate(date)).status, date).toBe(400);
    // The fees' tab sets the fees' date only, the legal tab the legal pages' only.
    expect((await setDate(daysFromToday(90), "fees")).status).toBe(400);
    const feesOnLegal = await callRoute(
      feesAction,
      postForm("/admin/fees", { intent: SET_EFFECTIVE_DATE, document: "terms", effective_from: daysFromToday(90) }, cookie),
    );
    expect(feesOnLegal.status).toBe(400);
    await setDrafting(app.handle.db, admin, null);
  });

  it("warns of a notice shorter than two months, stages the date, and clears it back to none", async () => {
    const release = await createRelease(app.handle.db, "Warnings", admin);
    await setDrafting(app.handle.db, admin, release.id);
    const short = await setDate(daysFromToday(10));
    expect(short.body).toMatchObject({ ok: true, shortNotice: true });
    const editor = await callRoute(legalLoader, siteRequest("/admin/legal", { cookie }));
    expect(editor.body.effective).toMatchObject({
      drafting: true,
      noticeMonths: 2,
      staged: { terms: daysFromToday(10) },
      shortNotice: { terms: true },
    });
    const long = await setDate(addMonths(siteToday(), 2));
    expect(long.body).toMatchObject({ ok: true, shortNotice: false });
    expect((await setDate("")).body).toMatchObject({ ok: true });
    const cleared = await callRoute(legalLoader, siteRequest("/admin/legal", { cookie }));
    expect(cleared.body.effective.staged.terms).toBe("");
    await setDrafting(app.handle.db, admin, null);
  });

  it("schedules the dated release only for its date, announces it until then, and publishes it there through the scheduler", async () => {
    const db = app.handle.db;
    const date = daysFromToday(5);
    const release = await createRelease(db, "Terms of 2027", admin);
    await setDrafting(db, admin, release.id);
    expect((await setDate(date)).body).toMatchObject({ ok: true, shortNotice: true });
    const saved = await postLegal({
      intent: "save-legal-page",
      page_name: "terms",
      section_name: "page_content",
      content: "<p>Terms of 2027</p>",
      rich_content: delta,
    });
    expect(saved.body).toMatchObject({ ok: true });
    await setDrafting(db, admin, null);

    // Published now, or at another time than the start of its date: refused, nothing changes.
    await expect(publishRelease(db, release.id, admin)).rejects.toMatchObject({ status: 409 });
    await expect(scheduleRelease(db, release.id, new Date(effectiveStart(date).getTime() + 60_000), admin)).rejects.toMatchObject({
      status: 400,
    });
    await scheduleRelease(db, release.id, effectiveStart(date), admin);
    expect(await comingChange("terms")).toMatchObject({ releaseId: release.id, date });
    // Unscheduled, the announcement goes; scheduled again, it comes back: each noted for the archive.
    await reviewRelease(db, release.id, "unschedule", admin);
    expect(await comingChange("terms")).toBeUndefined();
    await scheduleRelease(db, release.id, effectiveStart(date), admin);
    const notes = await db.select({ kind: archiveOutbox.kind }).from(archiveOutbox).where(eq(archiveOutbox.releaseId, release.id));
    expect(notes.map((note) => note.kind)).toEqual(["effective.announced", "effective.withdrawn", "effective.announced"]);
    await archive(db);

    // Before the date: the current text, the announcement and its page, no "Effective from".
    const before = await callRoute(termsLoader, siteRequest("/terms"));
    expect(before.body.html).not.toContain("Terms of 2027");
    expect(before.body.notes.top).not.toContain("data-effective-from");
    expect(before.body.notes.top).toMatch(
      /data-coming-change>A new version of this document takes effect on [^<]+ <a href="\/terms\/upcoming"[^>]*>Read the new version<\/a>/,
    );
    const upcoming = await callRoute(upcomingLoader, siteRequest("/terms/upcoming"));
    expect(upcoming.status).toBe(200);
    expect(upcoming.body).toMatchObject({ html: "<p>Terms of 2027</p>" });
    expect(upcoming.body.frame.banner).toMatch(/^This version takes effect on /);
    expect((await callRoute(upcomingLoader, siteRequest("/privacy/upcoming"))).status).toBe(404);
    expect(before.body.notes.versions).toBeNull();

    // The scheduler at the date (a minute after its start): published once, by the scheduler.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(effectiveStart(date).getTime() + 60_000));
    expect(await publishDueReleases(db)).toEqual([release.id]);
    expect(await publishDueReleases(db)).toEqual([]);
    expect((await db.select().from(releases).where(eq(releases.id, release.id)))[0]!.state).toBe("published");
    await archive(db);

    const after = await callRoute(termsLoader, siteRequest("/terms"));
    expect(after.body.html).toBe("<p>Terms of 2027</p>");
    expect(after.body.notes.top).toMatch(/data-effective-from>Effective from /);
    expect(after.body.notes.top).not.toContain("data-coming-change");
    expect((await callRoute(upcomingLoader, siteRequest("/terms/upcoming"))).status).toBe(404);
  });

  it("keeps the published date out of the site content tab: not listed, saved, deleted or added there", async () => {
    const db = app.handle.db;
    const where = and(eq(pageContent.pageName, "terms"), eq(pageContent.sectionName, "effective_from"));
    const [row] = await db.select({ id: pageContent.id, value: pageContent.contentValue }).from(pageContent).where(where);
    expect(row?.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await listContentRows(db)).some((entry) => entry.id === row!.id)).toBe(false);
    expect(await updateContentValue(db, { id: row!.id, contentValue: "2020-01-01" }, admin)).toBe(false);
    expect(await deleteContentRow(db, row!.id, admin)).toBe(false);
    const added = await callRoute(
      contentAction,
      postForm(
        "/admin/content",
        { intent: contentIntents.add, pageName: "fees", sectionName: "effective_from", contentValue: "2020-01-01" },
        cookie,
      ),
    );
    expect(added.status).toBe(400);
    expect(JSON.stringify(added.body)).toContain(contentMessages.effectiveReserved);
    expect((await db.select({ value: pageContent.contentValue }).from(pageContent).where(where))[0]?.value).toBe(row!.value);
    const fees = and(eq(pageContent.pageName, "fees"), eq(pageContent.sectionName, "effective_from"));
    expect(await db.select().from(pageContent).where(fees)).toEqual([]);
  });

  it("lists the earlier version with its period and serves it from the archive, for these documents only", async () => {
    const after = await callRoute(termsLoader, siteRequest("/terms"));
    const items = [...(after.body.notes.versions as string).matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => ({
      href: match[1]!,
      label: match[2]!,
    }));
    expect(items).toHaveLength(1);
    expect(items[0]!.label).toMatch(/^In effect from .+ to .+$/);
    const file = items[0]!.href.split("/").at(-1)!;
    expect(items[0]!.href).toBe(`/terms/versions/${file}`);

    // The earlier version, as the archive stored it, under its banner; public, never indexed.
    const version = await versionLoader({ request: siteRequest(items[0]!.href), params: { version: file } } as never);
    expect(version.status).toBe(200);
    const html = await version.text();
    expect(html).toContain("This version was in effect from");
    expect(html).not.toContain("Terms of 2027");
    expect(html).toContain("This page has not been written yet");
    expect(version.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(version.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    // Only the versions listed, only these documents.
    for (const [path, version] of [
      ["/terms/versions/999999.html", "999999.html"],
      ["/privacy/versions/" + file, file],
      ["/terms/versions/1", "1"],
    ] as const)
      expect((await versionLoader({ request: siteRequest(path), params: { version } } as never)).status, path).toBe(404);
  });
});
