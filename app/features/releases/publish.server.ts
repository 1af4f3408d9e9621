import { eq, inArray, sql } from "drizzle-orm";
import { contentRevisions, releaseDrafting, releases, type ReleaseChangeRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { draftRows, readDraft, rebaseStaged, unstage } from "~/features/records/drafts.server";
import { parseKey } from "~/features/records/kinds";
import { overlay } from "~/features/records/overlay";
import type { Actor, Executor, RevisionAction } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { lockedRelease, voidSignOff } from "./drafting.server";
import { allows, nextState } from "./lifecycle";
import { releaseMessages } from "./messages";
import { assertAllowed, assertPublishable, ReleaseError } from "./releases.server";
import { requirePermission } from "~/features/access/require.server";
import { announceChanged, assertPublishNowAllowed, effectiveKeysOf, noteAnnouncement } from "./effective-schedule.server";

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

/** Whether a database error is a unique value taken meanwhile (a staged page's address now live elsewhere). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current instanceof Error || (current && typeof current === "object");
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === "23505") return true;
    if (!(current as { cause?: unknown }).cause) break;
  }
  return false;
}

const actionOf = (before: unknown, after: unknown): RevisionAction => (before === null ? "create" : after === null ? "delete" : "update");

/**
 * Publishes a release: the site as the release leaves it (the store's one overlay of its draft
 * on live) written live in one transaction through the store's pipeline (all or nothing), one
 * revision per record under one group id (undo it as a group), then the page cache told on
 * every instance before this answers. The release's lock is held throughout, so a second
 * publish (another click, another instance's scheduler) waits and then finds it published.
 * `expect` 'scheduled' publishes only a release that is still scheduled and due.
 */
export async function publishRelease(db: Database, releaseId: number, actor: Actor, options: { expect?: "scheduled" } = {}) {
  requirePermission(actor, "releases.publish");
  let name = "";
  let changed = 0;
  const outcome = await writeRecords(db, {
    actor,
    action: "update",
    alwaysLive: true,
    group: { kind: "release.publish", area: "releases", details: { releaseId, scheduled: options.expect === "scheduled" } },
    async plan(context) {
      const executor = context.executor;
      const release = await lockedRelease(executor, releaseId);
      // Another instance published it, or it was unscheduled meanwhile: nothing to do.
      if (options.expect === "scheduled" && (release.state !== "scheduled" || !release.scheduledAt || release.scheduledAt > new Date()))
        return false;
      if (release.state === "published") throw new ReleaseError(409, releaseMessages.alreadyPublished);
      assertAllowed(release, "publish");
      // A change with an effective date is published by its schedule, at that date.
      if (options.expect !== "scheduled") await assertPublishNowAllowed(executor, releaseId);
      await assertPublishable(executor, release);
      const changes = await draftRows(executor, releaseId);
      if (changes.length === 0) throw new ReleaseError(409, releaseMessages.empty);
      const conflicts = await findConflicts(executor, changes);
      if (conflicts.length > 0) throw new ReleaseError(409, releaseMessages.conflicts, conflicts);
      const keys = changes.map((change) => parseKey(change.key));
      const live = await context.readMany(keys);
      const site = overlay(live, await readDraft(executor, releaseId));
      name = release.name;
      changed = keys.length;
      return {
        result: true,
        details: { name: release.name },
        changes: keys.map((key) => ({
          key,
          after: site.get(key.text) ?? null,
          action: actionOf(live.get(key.text) ?? null, site.get(key.text) ?? null),
          // A value another record took live meanwhile: a conflict to settle, listed (409), nothing published.
          failure: (error: unknown) =>
            isUniqueViolation(error) ? new ReleaseError(409, releaseMessages.taken, [key.text]) : (error as Error),
        })),
      };
    },
    async afterLive(executor, written) {
      await executor
        .update(releases)
        .set({ state: "published", publishedAt: new Date(), publishGroupId: written.groupId, failureMessage: null, updatedAt: new Date() })
        .where(eq(releases.id, releaseId));
      await executor.delete(releaseDrafting).where(eq(releaseDrafting.releaseId, releaseId));
    },
  });
  if (outcome === false) return undefined;
  return { groupId: outcome.groupId!, changed, name };
}

/**
 * Settles one conflict: 'live' drops the key from the release (the live value stays), 'release'
 * keeps the staged value and takes the live version now as the one it overwrites. Either is an
 * edit of the release, so it voids an approval.
 */
export async function resolveConflict(db: Database, releaseId: number, key: string, choice: "live" | "release", actor: NonNullable<Actor>) {
  requirePermission(actor, "releases.publish");
  let withdrawn: string[] = [];
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    assertAllowed(release, "stage");
    const change = (await draftRows(transaction, releaseId)).find((row) => row.key === key);
    if (!change) throw new ReleaseError(404, releaseMessages.notFound);
    if (choice === "live") {
      // A scheduled release's dates were announced: read before the key (perhaps one) goes.
      const announced = release.state === "scheduled" ? await effectiveKeysOf(transaction, releaseId) : [];
      await unstage(transaction, releaseId, key);
      withdrawn = await voidSignOff(transaction, release, actor, announced);
    } else await rebaseStaged(transaction, releaseId, key);
    await recordEvent(transaction, {
      kind: "release.resolve",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { key, choice },
    });
  });
  await announceChanged(db, withdrawn);
}

/** Marks a release whose publish failed (shown in the dashboard, logged). */
export async function markFailed(db: Database, releaseId: number, message: string) {
  logger.error({ releaseId, reason: message }, "release publish failed");
  let announced: string[] = [];
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    if (!allows(release.state, "fail")) return;
    if (release.state === "scheduled") announced = await noteAnnouncement(transaction, releaseId, null, false);
    await transaction
      .update(releases)
      .set({ state: nextState(release.state, "fail"), failureMessage: message, scheduledAt: null, updatedAt: new Date() })
      .where(eq(releases.id, releaseId));
    await recordEvent(transaction, {
      kind: "release.failed",
      area: "releases",
      actor: null,
      target: String(releaseId),
      details: { reason: message },
    });
  });
  await announceChanged(db, announced);
}
