// A page's timeline links each version to what produced it: the release's page, and the
// revisions (the activity log on the publish's day for who published it, in its area, where each
// line opens its revisions). The links lead to answers that name the change.
import { describe, expect, it } from "vitest";
import { releaseLink, revisionsLink, type PageVersion } from "~/features/archive/query";
import { archivePending } from "~/features/archive/worker.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { loader as activityLoader } from "~/routes/admin.other.activity";
import { loader as screenLoader } from "~/routes/admin.other.archive";
import { loader as releaseLoader } from "~/routes/admin.other.releases.$id";
import { callRoute } from "../support/admin-routes";
import { testCapture } from "../support/archive-capture";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("a page's timeline on %s", (kind) => {
  const app = useTestApp(kind);

  it("links each version to its release and to the revisions that produced it", async () => {
    const cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
    const db = app.handle.db;
    const who = (await callRoute(screenLoader, siteRequest("/admin/other/archive", { cookie }))).status;
    expect(who).toBe(200);
    const [user] = (await db.execute(`select id, email from "user" where email = 'admin@example.com'`)).rows as {
      id: string;
      email: string;
    }[];
    const admin = { id: user!.id, email: user!.email, role: "administrator" };
    const run = () => archivePending(db, { capture: testCapture, owner: "timeline", settleMs: 0 });
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Spring rates", actor: admin });
    await run();
    const release = await createRelease(db, "Autumn", admin);
    await setDrafting(db, admin, release.id);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Autumn rates", actor: admin });
    await setDrafting(db, admin, null);
    await publishRelease(db, release.id, admin);
    await run();

    const screen = await callRoute(screenLoader, siteRequest("/admin/other/archive?path=%2F", { cookie }));
    const [published, saved] = screen.body.timeline as PageVersion[];
    expect(published).toMatchObject({ kind: "release.publish", releaseId: release.id, userId: admin.id });
    expect(saved).toMatchObject({ kind: "content.update", releaseId: null, userId: admin.id });

    // The release's page, as the link names it.
    expect(releaseLink(published!.releaseId!)).toBe(`/admin/other/releases/${release.id}`);
    const releasePage = await callRoute(releaseLoader, siteRequest(releaseLink(release.id), { cookie }), { id: String(release.id) });
    expect(releasePage.status).toBe(200);
    expect(JSON.stringify(releasePage.body)).toContain("Autumn");

    // The revisions: the activity log filtered to that day, that person and that area.
    const day = saved!.at.slice(0, 10);
    const link = revisionsLink(saved!);
    expect(link).toBe(`/admin/other/activity?${new URLSearchParams({ person: admin.id, area: "content", from: day, to: day })}`);
    const activity = await callRoute(activityLoader, siteRequest(link, { cookie }));
    expect(activity.status).toBe(200);
    expect(activity.body.invalidFilters).toBe(false);
    const keys = (activity.body.entries as { historyKey: string | null; by: string | null }[]).map((entry) => entry.historyKey);
    expect(keys).toContain("home/hero_title");
    expect(revisionsLink(published!)).toContain("area=releases");
    expect((await callRoute(activityLoader, siteRequest(revisionsLink(published!), { cookie }))).body.invalidFilters).toBe(false);
  });
});
