// Effective dates follow the release that carries them (issue 46, item 4): a scheduled release
// taken back to draft by an edit (a change staged into it, its date taken out, a conflict settled
// for the live value) stops announcing its date on the public page at once, as an unschedule
// does: the pages re-render (a new content version), the edges are told of the date's record and
// the archive notes the withdrawal. The release's preview shows the page as it will be on its
// date: "Effective from …" with the staged text, the current version among the earlier ones, and
// no announcement of itself.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { archiveOutbox, releases, user } from "~/db/schema";
import { archivePending } from "~/features/archive/worker.server";
import { getContentVersion } from "~/features/content/read.server";
import { initLegalPages } from "~/features/content/legal/admin.server";
import { SET_EFFECTIVE_DATE } from "~/features/effective-dates/schema";
import { siteToday } from "~/features/effective-dates/stage.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview } from "~/features/records/preview-context.server";
import { onContentWritten } from "~/features/records/version.server";
import { effectiveStart } from "~/features/releases/effective-schedule.server";
import { resolveConflict } from "~/features/releases/publish.server";
import { createRelease, reviewRelease, scheduleRelease, setDrafting } from "~/features/releases/releases.server";
import { action as legalAction } from "~/routes/admin.legal";
import { loader as termsLoader } from "~/routes/_public.terms";
import { callRoute, postForm } from "../support/admin-routes";
import { testCapture } from "../support/archive-capture";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const daysFromToday = (days: number) => {
  const at = new Date(`${siteToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** A date as the English pages write it. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

const terms = async () =>
  (await callRoute(termsLoader, siteRequest("/terms"))).body as { html: string; notes: { top: string | null; versions: string | null } };
const termsNotes = async () => (await terms()).notes.top ?? "";

describe.each(onBothDatabases)("effective dates follow their release on %s", (kind) => {
  const app = useTestApp(kind);
  let cookie = "";
  let admin: { id: string; email: string; role: string };
  const postLegal = (fields: Record<string, string>) => callRoute(legalAction, postForm("/admin/legal", fields, cookie));
  const setDate = (date: string) => postLegal({ intent: SET_EFFECTIVE_DATE, document: "terms", effective_from: date });
  const saveTerms = (text: string) =>
    postLegal({
      intent: "save-legal-page",
      page_name: "terms",
      section_name: "page_content",
      content: `<p>${text}</p>`,
      rich_content: JSON.stringify({ ops: [{ insert: `${text}\n` }] }),
    });

  /** What the edges are told after each write: the records named. */
  let written: (readonly string[] | undefined)[] = [];
  let stopListening = () => false as boolean;

  beforeAll(async () => {
    cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
    const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
    admin = { id: row!.id, email: "admin@example.com", role: "administrator" };
    await initLegalPages(app.handle.db, admin);
  });

  afterEach(async () => {
    stopListening();
    await setDrafting(app.handle.db, admin, null);
  });

  /** A release staging the terms' date and text, scheduled for the date's start and announced. */
  async function scheduledTerms(name: string, date: string) {
    const db = app.handle.db;
    const release = await createRelease(db, name, admin);
    await setDrafting(db, admin, release.id);
    expect((await setDate(date)).body).toMatchObject({ ok: true });
    expect((await saveTerms(name)).body).toMatchObject({ ok: true });
    await setDrafting(db, admin, null);
    await scheduleRelease(db, release.id, effectiveStart(date), admin);
    expect(await termsNotes()).toContain("data-coming-change");
    written = [];
    stopListening = onContentWritten(async (_db, records) => {
      written.push(records);
    });
    return release;
  }

  /** The release is a draft again, the page no longer announces it, and everyone who keeps the page was told. */
  async function expectWithdrawn(releaseId: number, versionBefore: number) {
    const db = app.handle.db;
    const [row] = await db.select({ state: releases.state }).from(releases).where(eq(releases.id, releaseId));
    expect(row!.state).toBe("draft");
    expect(await termsNotes()).not.toContain("data-coming-change");
    // The page cache re-renders (a new content version) and the edges purge the date's record.
    expect(getContentVersion()).toBeGreaterThan(versionBefore);
    expect(written.some((records) => records?.includes("terms/effective_from"))).toBe(true);
    const notes = await db
      .select({ kind: archiveOutbox.kind })
      .from(archiveOutbox)
      .where(and(eq(archiveOutbox.releaseId, releaseId), eq(archiveOutbox.kind, "effective.withdrawn")));
    expect(notes).toHaveLength(1);
  }

  it("withdraws the announcement when a change staged into the scheduled release takes it back to draft", async () => {
    const date = daysFromToday(70);
    const release = await scheduledTerms("Terms reopened", date);
    const version = getContentVersion();
    await setDrafting(app.handle.db, admin, release.id);
    expect((await saveTerms("Terms reopened, corrected")).body).toMatchObject({ ok: true });
    await expectWithdrawn(release.id, version);
    await reviewRelease(app.handle.db, release.id, "cancel", admin);
  });

  it("withdraws the announcement when the date is taken out of the scheduled release", async () => {
    const date = daysFromToday(71);
    const release = await scheduledTerms("Terms without a date", date);
    const version = getContentVersion();
    await setDrafting(app.handle.db, admin, release.id);
    expect((await setDate("")).body).toMatchObject({ ok: true });
    await expectWithdrawn(release.id, version);
    await reviewRelease(app.handle.db, release.id, "cancel", admin);
  });

  it("withdraws the announcement when the date's change is settled for the live value", async () => {
    const date = daysFromToday(72);
    const release = await scheduledTerms("Terms settled live", date);
    const version = getContentVersion();
    await resolveConflict(app.handle.db, release.id, "terms/effective_from", "live", admin);
    await expectWithdrawn(release.id, version);
    await reviewRelease(app.handle.db, release.id, "cancel", admin);
  });

  it("announces nothing for an edit of a scheduled release that carries no date", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "Undated terms", admin);
    await setDrafting(db, admin, release.id);
    expect((await saveTerms("Undated terms")).body).toMatchObject({ ok: true });
    await setDrafting(db, admin, null);
    await scheduleRelease(db, release.id, new Date(Date.now() + 86_400_000), admin);
    await setDrafting(db, admin, release.id);
    expect((await saveTerms("Undated terms, corrected")).body).toMatchObject({ ok: true });
    const notes = await db.select({ kind: archiveOutbox.kind }).from(archiveOutbox).where(eq(archiveOutbox.releaseId, release.id));
    expect(notes).toEqual([]);
    await reviewRelease(db, release.id, "cancel", admin);
  });

  it("previews the page as it will be on the release's date: Effective from that date, the staged text, no announcement", async () => {
    const db = app.handle.db;
    const date = daysFromToday(80);
    const release = await createRelease(db, "Terms previewed", admin);
    await setDrafting(db, admin, release.id);
    expect((await setDate(date)).body).toMatchObject({ ok: true });
    expect((await saveTerms("Terms as previewed")).body).toMatchObject({ ok: true });
    await setDrafting(db, admin, null);
    const preview = async () => runInPreview({ kind: "admin", release, staged: await readDraft(db, release.id), draft: new Map() }, terms);

    await archivePending(db, { capture: testCapture, owner: "effective-follow", settleMs: 0 });

    // A draft: previewed on its date, while the public page shows nothing of it.
    const drafted = await preview();
    expect(drafted.html).toBe("<p>Terms as previewed</p>");
    expect(drafted.notes.top).toContain(`data-effective-from>Effective from ${longDate(date)}<`);
    expect(await termsNotes()).not.toContain("data-effective-from");
    // On that date the current version is an earlier one, in effect until the date, served from the archive.
    expect((await terms()).notes.versions).toBeNull();
    expect(drafted.notes.versions).toMatch(
      new RegExp(`<a href="/terms/versions/\\d+\\.html"[^>]*>In effect from [^<]+ to ${longDate(date)}</a>`),
    );

    // Scheduled: the public page announces it; its own preview does not announce itself.
    await scheduleRelease(db, release.id, effectiveStart(date), admin);
    expect(await termsNotes()).toContain("data-coming-change");
    const scheduled = await preview();
    expect(scheduled.notes.top).toContain(`data-effective-from>Effective from ${longDate(date)}<`);
    expect(scheduled.notes.top).not.toContain("data-coming-change");
    await reviewRelease(db, release.id, "cancel", admin);
  });
});
