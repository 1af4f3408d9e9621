import { eq, inArray, sql } from "drizzle-orm";
import { contentRevisions, releaseChanges, releaseDrafting, releases, type ReleaseChangeRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { notifyContentChanged } from "~/features/content/read.server";
import { recordRevisionGroup, type GroupEntry } from "~/features/history/revision-groups.server";
import { latestRevision, type Actor, type Executor, type RevisionAction } from "~/features/history/revisions.server";
import { applySnapshot, readSnapshot } from "~/features/history/snapshot-registry.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { OPEN_RELEASE_STATES } from "./contract";
import { releaseMessages } from "./messages";
import { assertPublishable, listChanges, lockedRelease, ReleaseError } from "./releases.server";
import { voidSignOff } from "./staging.server";

/** Keys whose live value changed (a newer revision) since the release staged them: one query for all. */
export async function findConflicts(executor: Executor, changes: ReleaseChangeRow[]) {
  if (changes.length === 0) return [];
  const rows = await executor
    .select({ key: contentRevisions.key, version: sql<number>`max(${contentRevisions.id})`.mapWith(Number) })
    .from(contentRevisions)
    .where(
      inArray(
        contentRevisions.key,
        changes.map((change) => change.key),
      ),
    )
    .groupBy(contentRevisions.key);
  const versions = new Map(rows.map((row) => [row.key, row.version]));
  return changes.filter((change) => (versions.get(change.key) ?? 0) !== change.liveRevisionId).map((change) => change.key);
}

const actionOf = (before: unknown, after: unknown) => (before === null ? "create" : after === null ? "delete" : "update");

/**
 * Publishes a release: every staged change applied in one transaction (all or nothing), one
 * revision per key under one group id (undo it as a group), then the page cache cleared on
 * every instance before this answers. The release row stays locked throughout, so a second
 * publish (another click, another instance's scheduler) waits and then finds it published.
 * `expect` 'scheduled' publishes only a release that is still scheduled and due.
 */
// long-function: the publish is one transaction whose steps read best in order
export async function publishRelease(db: Database, releaseId: number, actor: Actor, options: { expect?: "scheduled" } = {}) {
  const outcome = await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    // Another instance published it, or it was unscheduled meanwhile: nothing to do.
    if (options.expect === "scheduled" && (release.state !== "scheduled" || !release.scheduledAt || release.scheduledAt > new Date()))
      return undefined;
    if (release.state === "published") throw new ReleaseError(409, releaseMessages.alreadyPublished);
    if (!OPEN_RELEASE_STATES.includes(release.state)) throw new ReleaseError(409, releaseMessages.notOpen);
    await assertPublishable(transaction, release);
    const changes = await listChanges(transaction, releaseId);
    if (changes.length === 0) throw new ReleaseError(409, releaseMessages.empty);
    const conflicts = await findConflicts(transaction, changes);
    if (conflicts.length > 0) throw new ReleaseError(409, releaseMessages.conflicts, conflicts);
    const entries: GroupEntry[] = [];
    for (const change of changes) {
      const before = await readSnapshot(transaction, change.key);
      await applySnapshot(transaction, change.key, change.staged);
      entries.push({ key: change.key, area: change.area, before, after: await readSnapshot(transaction, change.key) });
    }
    const groupId = await recordRevisionGroup(transaction, {
      entries: entries.map((entry) => ({ ...entry, action: actionOf(entry.before, entry.after) as RevisionAction })),
      actor,
      action: "update",
      kind: "release.publish",
      area: "releases",
      details: { releaseId, name: release.name, scheduled: options.expect === "scheduled" },
    });
    await transaction
      .update(releases)
      .set({ state: "published", publishedAt: new Date(), publishGroupId: groupId, failureMessage: null, updatedAt: new Date() })
      .where(eq(releases.id, releaseId));
    await transaction.delete(releaseDrafting).where(eq(releaseDrafting.releaseId, releaseId));
    return { groupId, changed: entries.length, name: release.name };
  });
  if (outcome) await notifyContentChanged(db);
  return outcome;
}

/**
 * Settles one conflict: 'live' drops the key from the release (the live value stays), 'release'
 * keeps the staged value and takes the live version now as the one it overwrites. Either is an
 * edit of the release, so it voids an approval.
 */
export async function resolveConflict(db: Database, releaseId: number, key: string, choice: "live" | "release", actor: NonNullable<Actor>) {
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    if (!OPEN_RELEASE_STATES.includes(release.state)) throw new ReleaseError(409, releaseMessages.notOpen);
    const change = (await listChanges(transaction, releaseId)).find((row) => row.key === key);
    if (!change) throw new ReleaseError(404, releaseMessages.notFound);
    if (choice === "live") await transaction.delete(releaseChanges).where(eq(releaseChanges.id, change.id));
    else
      await transaction
        .update(releaseChanges)
        .set({ live: await readSnapshot(transaction, key), liveRevisionId: (await latestRevision(transaction, key))?.id ?? 0 })
        .where(eq(releaseChanges.id, change.id));
    if (choice === "live") await voidSignOff(transaction, release);
    await recordEvent(transaction, {
      kind: "release.resolve",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { key, choice },
    });
  });
}

/** Marks a release whose publish failed (shown in the dashboard, logged). */
export async function markFailed(db: Database, releaseId: number, message: string) {
  logger.error({ releaseId, reason: message }, "release publish failed");
  await db.transaction(async (transaction) => {
    await transaction
      .update(releases)
      .set({ state: "failed", failureMessage: message, scheduledAt: null, updatedAt: new Date() })
      .where(eq(releases.id, releaseId));
    await recordEvent(transaction, {
      kind: "release.failed",
      area: "releases",
      actor: null,
      target: String(releaseId),
      details: { reason: message },
    });
  });
}
