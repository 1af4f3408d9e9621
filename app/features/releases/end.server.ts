// A release's end time (a campaign that ends on time): once it passes, the published release's
// changes are reverted as one group by the record store's group undo, exactly once across
// instances (claimed under the release's lock in the undo's own transaction), late if need be.
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { releases } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { requirePermission } from "~/features/access/require.server";
import { undoGroup } from "~/features/history/revision-groups.server";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import type { Person } from "~/platform/person";
import { lockedRelease } from "./drafting.server";
import { releaseMessages } from "./messages";
import { ReleaseError } from "./releases.server";

/**
 * Sets (or, with null, removes) a release's end time. Refused: a time not in the future, one not
 * after the release's scheduled or done publish, and a release cancelled, failed or already ended.
 */
export async function setReleaseEnd(db: Database, releaseId: number, endsAt: Date | null, actor: Person, now = new Date()) {
  requirePermission(actor, "releases.publish");
  if (endsAt && endsAt.getTime() <= now.getTime()) throw new ReleaseError(400, releaseMessages.endPast);
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    if (release.state === "cancelled" || release.state === "failed" || release.endedAt)
      throw new ReleaseError(409, releaseMessages.endNotOpen);
    const start = release.state === "published" ? release.publishedAt : release.scheduledAt;
    if (endsAt && start && endsAt.getTime() <= start.getTime()) throw new ReleaseError(400, releaseMessages.endBeforePublish);
    await transaction.update(releases).set({ endsAt, updatedAt: new Date() }).where(eq(releases.id, releaseId));
    await recordEvent(transaction, {
      kind: "release.set_end",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { endsAt: endsAt?.toISOString() ?? null },
    });
  });
}

/** Reverts one release if it is still published, due and not yet ended (checked under its lock). */
async function endRelease(db: Database, release: { id: number; name: string; publishGroupId: string }, now: Date) {
  let claimed = false;
  await undoGroup(db, release.publishGroupId, null, {
    kind: "release.end",
    area: "releases",
    details: { releaseId: release.id, name: release.name },
    async claim(executor) {
      const row = await lockedRelease(executor, release.id);
      claimed = row.state === "published" && !row.endedAt && !!row.endsAt && row.endsAt <= now;
      return claimed;
    },
    async afterLive(executor, written) {
      await executor
        .update(releases)
        .set({ endedAt: new Date(), endGroupId: written.groupId ?? null, updatedAt: new Date() })
        .where(eq(releases.id, release.id));
    },
  });
  return claimed;
}

/**
 * Reverts every published release whose end time has come (also one that passed while the site
 * was down). Answers the ids this instance reverted.
 */
export async function endDueReleases(db: Database, now = new Date()) {
  const due = await db
    .select({ id: releases.id, name: releases.name, publishGroupId: releases.publishGroupId })
    .from(releases)
    .where(and(eq(releases.state, "published"), isNull(releases.endedAt), isNotNull(releases.publishGroupId), lte(releases.endsAt, now)))
    .orderBy(asc(releases.endsAt), asc(releases.id));
  const ended: number[] = [];
  for (const release of due) if (await endRelease(db, { ...release, publishGroupId: release.publishGroupId! }, now)) ended.push(release.id);
  return ended;
}

/** Release end times as a job of the shared scheduler: soon after start (catch-up), then every 15 seconds. */
export function releaseEndJob(getDb: () => Database, everyMs = 15_000): Job {
  return { name: "release-ends", everyMs, firstAfterMs: 1_000, run: () => endDueReleases(getDb()) };
}
