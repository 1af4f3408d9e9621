// Four eyes per locale (issue 43, item 5): a release that changes German and French is approved
// one locale at a time, by people who staged nothing into it; the release is approved once every
// locale is, an edit in one locale leaves the other's approval standing, sending back withdraws
// them, and publishing checks every locale's approver.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, adminUsers, recordTranslations, releases, siteLocales } from "~/db/schema";
import { clearContentCache } from "~/features/records/version.server";
import { releaseMessages } from "~/features/releases/messages";
import { FOUR_EYES, setPolicy } from "~/features/releases/policies.server";
import { action as contentAction } from "~/routes/admin.content";
import { useReleasePeople } from "../support/release-people";
import { onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("four eyes per locale on %s", (kind) => {
  const app = useTestApp(kind);
  const { people, client, view } = useReleasePeople(app);
  const db = () => app.handle.db;
  const translate = (locale: string, value: string) =>
    client("author").post(contentAction, "/admin/content", {
      intent: "save-translation",
      locale,
      page: "home",
      section: "hero_title",
      value,
    });
  const state = async (id: number) => (await db().select().from(releases).where(eq(releases.id, id)))[0]!;

  // long-function: one release's review walked step by step, each step's state checked where it happens
  it("approves German and French separately; an edit in one leaves the other's approval; sending back withdraws both", async () => {
    await db()
      .insert(siteLocales)
      .values([
        { code: "de", state: "public", position: 1 },
        { code: "fr", state: "public", position: 2 },
      ]);
    clearContentCache();
    await setPolicy(db(), FOUR_EYES, true);
    try {
      const author = client("author");
      const id = await author.create("Zwei Sprachen");
      expect((await translate("de", "Deutscher Titel")).status).toBe(200);
      expect((await translate("fr", "Titre français")).status).toBe(200);
      expect((await author.release(id, { intent: "submit-release" })).status).toBe(200);

      let detail = await view("reviewer", id);
      expect(detail.localeApprovals).toEqual([
        { locale: "de", approvedBy: null, approvedAt: null },
        { locale: "fr", approvedBy: null, approvedAt: null },
      ]);
      // The author may not approve a locale of their own release; a locale the release does not change is refused.
      expect((await author.release(id, { intent: "approve-release-locale", locale: "de" })).status).toBe(403);
      const noChanges = await client("reviewer").release(id, { intent: "approve-release-locale", locale: "it" });
      expect({ status: noChanges.status, message: noChanges.body.message }).toEqual({
        status: 409,
        message: releaseMessages.noLocaleChanges,
      });
      const malformed = await client("reviewer").release(id, { intent: "approve-release-locale", locale: "de'--" });
      expect(malformed.status).toBe(400);

      // German by the reviewer: the release is not approved yet, nor publishable.
      expect((await client("reviewer").release(id, { intent: "approve-release-locale", locale: "de" })).status).toBe(200);
      expect((await state(id)).state).toBe("in_review");
      expect((await client("publisher").release(id, { intent: "publish-release" })).status).toBe(409);
      // French by the administrator: now every locale is, and so is the release.
      expect((await client("administrator").release(id, { intent: "approve-release-locale", locale: "fr" })).status).toBe(200);
      expect(await state(id)).toMatchObject({
        state: "approved",
        approvedByEmail: "de: reviewer@example.com, fr: administrator@example.com",
      });
      detail = await view("reviewer", id);
      expect(detail.localeApprovals.map((approval: { approvedBy: string }) => approval.approvedBy)).toEqual([
        "reviewer@example.com",
        "administrator@example.com",
      ]);

      // The author changes the French text: the release is a draft again, German stays approved.
      await author.open(id);
      expect((await translate("fr", "Titre français, revu")).status).toBe(200);
      await author.goLive();
      expect((await state(id)).state).toBe("draft");
      detail = await view("reviewer", id);
      expect(detail.localeApprovals).toEqual([
        expect.objectContaining({ locale: "de", approvedBy: "reviewer@example.com" }),
        { locale: "fr", approvedBy: null, approvedAt: null },
      ]);
      expect((await client("reviewer").release(id, { intent: "approve-release-locale", locale: "fr" })).status).toBe(200);
      expect((await state(id)).state).toBe("approved");

      // An approver who loses the role: the release is no longer publishable.
      await db().update(adminUsers).set({ role: "author" }).where(eq(adminUsers.userId, people.reviewer.id));
      expect((await client("publisher").release(id, { intent: "publish-release" })).body.message).toBe(releaseMessages.approverRoleGone);
      await db().update(adminUsers).set({ role: "reviewer" }).where(eq(adminUsers.userId, people.reviewer.id));

      // Sending back withdraws every locale's approval.
      expect((await client("administrator").release(id, { intent: "send-back-release", comment: "Noch einmal" })).status).toBe(200);
      detail = await view("reviewer", id);
      expect(detail.localeApprovals.every((approval: { approvedBy: string | null }) => approval.approvedBy === null)).toBe(true);

      // Approved again locale by locale, then published: only the two translations change.
      expect((await author.release(id, { intent: "submit-release" })).status).toBe(200);
      for (const locale of ["de", "fr"])
        expect((await client("reviewer").release(id, { intent: "approve-release-locale", locale })).status).toBe(200);
      expect((await client("publisher").release(id, { intent: "publish-release" })).status).toBe(200);
      const rows = await db().select().from(recordTranslations).orderBy(recordTranslations.locale);
      expect(rows.map((row) => [row.locale, (row.value as { contentValue: string }).contentValue])).toEqual([
        ["de", "Deutscher Titel"],
        ["fr", "Titre français, revu"],
      ]);
      const logged = await db().select().from(activityEvents).where(eq(activityEvents.kind, "release.approve_locale"));
      expect(logged.map((event) => (event.details as { locale: string }).locale)).toEqual(["de", "fr", "fr", "de", "fr"]);
    } finally {
      await setPolicy(db(), FOUR_EYES, false);
    }
  });

  it("a release with one locale shows no per-locale approvals", async () => {
    const id = await client("author").create("Nur Englisch");
    expect((await client("author").content("home", "hero_title", "English only")).status).toBe(200);
    await client("author").goLive();
    expect((await view("reviewer", id)).localeApprovals).toEqual([]);
  });
});
