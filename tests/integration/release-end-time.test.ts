// A release's end time: after it, the published release's changes are reverted as one group
// (the store's group undo), once whatever instance runs the job, again or late; bad input refused.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, archiveOutbox, pageContent, releases } from "~/db/schema";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { endDueReleases, setReleaseEnd } from "~/features/releases/end.server";
import { releaseMessages } from "~/features/releases/messages";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, reviewRelease, scheduleRelease, setDrafting } from "~/features/releases/releases.server";
import type { Database } from "~/platform/db.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

const admin = { id: "end-admin", email: "ender@example.com", role: "administrator", language: "ru" as const };
const HOUR = 3_600_000;

const heroTitle = async (db: Database) => {
  const [row] = await db
    .select({ value: pageContent.contentValue })
    .from(pageContent)
    .where(and(eq(pageContent.pageName, "home"), eq(pageContent.sectionName, "hero_title")));
  return row?.value;
};

/** A published release that changes the home hero from `live` to `staged`. */
async function publishedRelease(db: Database, name: string, live: string, staged: string) {
  await upsertContentValue(db, { page: "home", section: "hero_title", value: live, actor: admin });
  const release = await createRelease(db, name, admin);
  await setDrafting(db, admin, release.id);
  await upsertContentValue(db, { page: "home", section: "hero_title", value: staged, actor: admin });
  await setDrafting(db, admin, null);
  return release.id;
}

describe.each(onBothDatabases)("a release's end time on %s", (kind) => {
  const app = useTestApp(kind);
  const endEvents = async (releaseId: number) =>
    (await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "release.end"))).filter(
      (event) => (event.details as { releaseId: number }).releaseId === releaseId,
    );

  it("reverts the release's changes as one group once at its end time, whatever runs the job and how often", async () => {
    const db = app.handle.db;
    const id = await publishedRelease(db, "Black Friday", "Everyday rates", "Black Friday rates");
    await publishRelease(db, id, admin);
    expect(await heroTitle(db)).toBe("Black Friday rates");
    const endsAt = new Date(Date.now() + 2 * HOUR);
    await setReleaseEnd(db, id, endsAt, admin);

    expect(await endDueReleases(db, new Date(endsAt.getTime() - 1_000))).toEqual([]);
    expect(await heroTitle(db)).toBe("Black Friday rates");

    const after = new Date(endsAt.getTime() + 1_000);
    const outboxBefore = (await db.select().from(archiveOutbox)).length;
    const runs = await Promise.all([endDueReleases(db, after), endDueReleases(db, after)]);
    expect(runs.flat()).toEqual([id]);
    expect(await endDueReleases(db, after)).toEqual([]);
    expect(await heroTitle(db)).toBe("Everyday rates");
    const [row] = await db.select().from(releases).where(eq(releases.id, id));
    expect(row!.endedAt).not.toBeNull();
    expect(row!.endGroupId).toBeTruthy();
    expect(await endEvents(id)).toHaveLength(1);
    const outbox = (await db.select().from(archiveOutbox)).slice(outboxBefore);
    expect(outbox.map((entry) => entry.kind)).toEqual(["release.end"]);
    expect(outbox[0]!.groupId).toBe(row!.endGroupId);
  });

  it("catches up after a restart: an end time passed while no server ran is reverted at the first run", async () => {
    const db = app.handle.db;
    const id = await publishedRelease(db, "Cyber Monday", "Plain rates", "Cyber rates");
    await publishRelease(db, id, admin);
    await setReleaseEnd(db, id, new Date(Date.now() + 60_000), admin);
    expect(await endDueReleases(db, new Date(Date.now() + 24 * HOUR))).toEqual([id]);
    expect(await heroTitle(db)).toBe("Plain rates");
    expect(await endDueReleases(db, new Date(Date.now() + 25 * HOUR))).toEqual([]);
    expect(await endEvents(id)).toHaveLength(1);
    // An ended release takes no new end time.
    await expect(setReleaseEnd(db, id, new Date(Date.now() + HOUR), admin)).rejects.toMatchObject({
      message: releaseMessages.endNotOpen,
    });
  });

  it("refuses an end time in the past or not after the publish, and writes nothing", async () => {
    const db = app.handle.db;
    const id = await publishedRelease(db, "Spring sale", "Rates", "Spring rates");
    const at = new Date(Date.now() + 2 * HOUR);
    await scheduleRelease(db, id, at, admin);
    await expect(setReleaseEnd(db, id, new Date(Date.now() - HOUR), admin)).rejects.toMatchObject({ message: releaseMessages.endPast });
    await expect(setReleaseEnd(db, id, new Date(at.getTime() - 60_000), admin)).rejects.toMatchObject({
      message: releaseMessages.endBeforePublish,
    });
    const [row] = await db.select().from(releases).where(eq(releases.id, id));
    expect(row!.endsAt).toBeNull();
    expect(
      (await db.select().from(activityEvents).where(eq(activityEvents.kind, "release.set_end"))).filter(
        (event) => event.target === String(id),
      ),
    ).toHaveLength(0);
    // A later end is taken; the release then cannot be rescheduled to publish after it.
    await setReleaseEnd(db, id, new Date(at.getTime() + HOUR), admin);
    const [set] = await db.select().from(releases).where(eq(releases.id, id));
    expect(set!.endsAt?.toISOString()).toBe(new Date(at.getTime() + HOUR).toISOString());
    await reviewRelease(db, id, "unschedule", admin);
    await expect(scheduleRelease(db, id, new Date(at.getTime() + 2 * HOUR), admin)).rejects.toMatchObject({
      message: releaseMessages.endBeforePublish,
    });
  });
});
