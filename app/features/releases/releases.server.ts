import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { releaseAuthors as releaseAuthorRows, releaseChanges, releaseDrafting, releases, type ReleaseRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import type { Executor } from "~/features/records/revisions.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { allows, nextState, OPEN_RELEASE_STATES, releaseGuards, type ReleaseAction } from "./lifecycle";
import { releaseMessages } from "./messages";
import { isPolicyOn, FOUR_EYES } from "./policies.server";
import { addReleaseAuthor, lockedRelease } from "./drafting.server";
import { requirePermission } from "~/features/access/require.server";
import { approverRoles, type Permission } from "~/features/access/matrix";
import { adminUsers } from "~/db/schema";
import { kickMailOutbox } from "~/platform/mail-outbox.server";
import { cleanCommentText, COMMENT_MAX_LENGTH, commentMessages } from "./comments/schema";
import { insertComment, queueCommentMails } from "./comments/store.server";
import { localeApproversHold, withdrawLocaleApprovals } from "./locale-hashes.server";
import { announceChanged, assertScheduleAgrees, noteAnnouncement } from "./effective-schedule.server";

export { lockedRelease };

type Admin = Person;

/** A refused release action: its HTTP status and the message the dashboard shows (and the keys in conflict). */
export class ReleaseError extends Refusal {
  constructor(status: number, message: string, conflicts?: string[]) {
    super(status, message, conflicts ? { details: { conflicts } } : {});
  }

  get conflicts() {
    return this.options.details?.conflicts as string[] | undefined;
  }
}

/** Refuses an action the lifecycle does not allow in the release's state. */
export function assertAllowed(release: ReleaseRow, action: ReleaseAction, message: string = releaseMessages.notOpen) {
  if (!allows(release.state, action)) throw new ReleaseError(409, message);
}

export async function createRelease(db: Database, name: string, actor: Admin) {
  requirePermission(actor, "releases.create");
  return db.transaction(async (transaction) => {
    const [row] = await transaction.insert(releases).values({ name, authorId: actor.id, authorEmail: actor.email }).returning();
    await addReleaseAuthor(transaction, row!.id, actor.id);
    await recordEvent(transaction, { kind: "release.create", area: "releases", actor, target: String(row!.id), details: { name } });
    return row!;
  });
}

export const getRelease = async (executor: Executor, id: number) => (await executor.select().from(releases).where(eq(releases.id, id)))[0];

export function listReleases(db: Database) {
  return db
    .select({
      id: releases.id,
      name: releases.name,
      state: releases.state,
      authorEmail: releases.authorEmail,
      updatedAt: releases.updatedAt,
      scheduledAt: releases.scheduledAt,
      publishedAt: releases.publishedAt,
      failureMessage: releases.failureMessage,
      changes: count(releaseChanges.id),
    })
    .from(releases)
    .leftJoin(releaseChanges, eq(releaseChanges.releaseId, releases.id))
    .groupBy(releases.id)
    .orderBy(desc(releases.id))
    .limit(200);
}

export function listChanges(executor: Executor, releaseId: number) {
  return executor.select().from(releaseChanges).where(eq(releaseChanges.releaseId, releaseId)).orderBy(asc(releaseChanges.key));
}

/** Keys of this release that another open release stages too, with those releases' names. */
export async function sharedKeys(executor: Executor, releaseIds: number[]) {
  if (releaseIds.length === 0) return new Map<string, string[]>();
  const mine = await executor
    .select({ releaseId: releaseChanges.releaseId, key: releaseChanges.key })
    .from(releaseChanges)
    .where(inArray(releaseChanges.releaseId, releaseIds));
  const others = await executor
    .select({ releaseId: releases.id, name: releases.name, key: releaseChanges.key })
    .from(releaseChanges)
    .innerJoin(releases, eq(releases.id, releaseChanges.releaseId))
    .where(and(inArray(releases.state, [...OPEN_RELEASE_STATES]), inArray(releaseChanges.key, [...new Set(mine.map((row) => row.key))])));
  const shared = new Map<string, string[]>();
  for (const row of mine) {
    const names = others.filter((other) => other.key === row.key && other.releaseId !== row.releaseId).map((other) => other.name);
    if (names.length > 0) shared.set(`${row.releaseId}:${row.key}`, names);
  }
  return shared;
}

/** What an approval is bound to: the staged value of every key, in key order. */
export async function contentHash(executor: Executor, releaseId: number) {
  const changes = await listChanges(executor, releaseId);
  const hash = createHash("sha256");
  for (const change of changes) hash.update(JSON.stringify([change.key, change.staged ?? null]));
  return hash.digest("hex");
}

/** Everyone who staged a change into the release (an overwritten change still counts), and its author: the release's own rows. */
export async function releaseAuthors(executor: Executor, release: ReleaseRow) {
  const rows = await executor
    .select({ userId: releaseAuthorRows.userId })
    .from(releaseAuthorRows)
    .where(eq(releaseAuthorRows.releaseId, release.id));
  const authors = new Set(rows.map((row) => row.userId));
  if (release.authorId) authors.add(release.authorId);
  return authors;
}

/** Opens the release for the administrator's saves (null: back to live editing). */
export async function setDrafting(db: Database, actor: Admin, releaseId: number | null) {
  requirePermission(actor, "releases.create");
  await db.transaction(async (transaction) => {
    if (releaseId === null) {
      await transaction.delete(releaseDrafting).where(eq(releaseDrafting.userId, actor.id));
      await recordEvent(transaction, { kind: "release.go_live", area: "releases", actor, target: null });
      return;
    }
    const release = await lockedRelease(transaction, releaseId);
    assertAllowed(release, "open");
    await transaction
      .insert(releaseDrafting)
      .values({ userId: actor.id, releaseId })
      .onConflictDoUpdate({ target: releaseDrafting.userId, set: { releaseId, updatedAt: new Date() } });
    await recordEvent(transaction, {
      kind: "release.open",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name },
    });
  });
}

type ReviewStep = "submit" | "approve" | "send_back" | "cancel" | "unschedule";

/** Who may take each review step: authors submit, reviewers approve or send back, publishers unschedule or cancel. */
const reviewStepPermissions: Record<ReviewStep, Permission> = {
  submit: "releases.create",
  approve: "releases.review",
  send_back: "releases.review",
  cancel: "releases.publish",
  unschedule: "releases.publish",
};

/**
 * The review steps: submit for review, approve (bound to the content hash; only by an
 * administrator who staged none of its changes), send back with a comment, unschedule, cancel.
 */
// long-function: one transaction and one switch over the review steps, each a few lines
export async function reviewRelease(db: Database, releaseId: number, step: ReviewStep, actor: Admin, text?: string) {
  requirePermission(actor, reviewStepPermissions[step]);
  const comment = text === undefined ? undefined : cleanCommentText(text);
  // Sending back says what to fix: the comment goes into the release's thread and to its authors.
  if (step === "send_back" && !comment) throw new ReleaseError(400, commentMessages.sendBackRequired);
  if (comment && comment.length > COMMENT_MAX_LENGTH) throw new ReleaseError(400, commentMessages.bodyTooLong);
  let announced: string[] = [];
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    assertAllowed(release, "stage");
    assertAllowed(release, step, releaseMessages.notReviewable);
    if (releaseGuards[step] === "not_author" && (await releaseAuthors(transaction, release)).has(actor.id))
      throw new ReleaseError(403, releaseMessages.ownChanges);
    const set: Partial<ReleaseRow> = { updatedAt: new Date() };
    if (step === "approve") {
      const changes = await transaction
        .select({ id: releaseChanges.id })
        .from(releaseChanges)
        .where(eq(releaseChanges.releaseId, releaseId));
      if (changes.length === 0) throw new ReleaseError(409, releaseMessages.empty);
      Object.assign(set, {
        approvedById: actor.id,
        approvedByEmail: actor.email,
        approvedAt: new Date(),
        approvedHash: await contentHash(transaction, releaseId),
        reviewComment: comment || null,
      });
    }
    if (step === "send_back") await withdrawLocaleApprovals(transaction, releaseId);
    if (step === "send_back")
      Object.assign(set, {
        approvedById: null,
        approvedByEmail: null,
        approvedAt: null,
        approvedHash: null,
        scheduledAt: null,
        reviewComment: comment || null,
      });
    const approvalHolds =
      step === "unschedule" && release.approvedById !== null && release.approvedHash === (await contentHash(transaction, releaseId));
    if (step === "unschedule" || step === "cancel") set.scheduledAt = null;
    if (step === "cancel") await transaction.delete(releaseDrafting).where(eq(releaseDrafting.releaseId, releaseId));
    set.state = nextState(release.state, step, approvalHolds);
    await transaction.update(releases).set(set).where(eq(releases.id, releaseId));
    // A scheduled change with an effective date was announced on its page: no longer.
    if (release.state === "scheduled" && set.state !== "scheduled")
      announced = await noteAnnouncement(transaction, releaseId, actor, false);
    let thread: { commentId: number; mailed: number } | undefined;
    if (step === "send_back" && comment) {
      const row = await insertComment(transaction, release, actor, { kind: "send_back", changeKey: null, body: comment });
      thread = { commentId: row.id, mailed: await queueCommentMails(transaction, release, actor, row) };
    }
    await recordEvent(transaction, {
      kind: `release.${step}`,
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name, ...(comment ? { comment } : {}), ...thread },
    });
  });
  await announceChanged(db, announced);
  if (step === "send_back") kickMailOutbox();
}

/** Whether the release may be published now: with four eyes, only as approved and unchanged since. */
export async function assertPublishable(executor: Executor, release: ReleaseRow) {
  if (!(await isPolicyOn(executor, FOUR_EYES))) return;
  const hash = await contentHash(executor, release.id);
  const approved =
    (release.state === "approved" || release.state === "scheduled" || release.state === "failed") &&
    release.approvedById !== null &&
    release.approvedHash === hash;
  if (!approved) throw new ReleaseError(409, releaseMessages.needsApproval);
  if (release.approvedById && (await releaseAuthors(executor, release)).has(release.approvedById))
    throw new ReleaseError(409, releaseMessages.needsApproval);
  // Four eyes between people: an approval counts only while its approver still holds a role that may approve.
  if (release.approvedById && !(await holdsApproverRole(executor, release.approvedById)))
    throw new ReleaseError(409, releaseMessages.approverRoleGone);
  // Approved locale by locale: each approver too.
  if (!(await localeApproversHold(executor, release, await releaseAuthors(executor, release))))
    throw new ReleaseError(409, releaseMessages.approverRoleGone);
}

async function holdsApproverRole(executor: Executor, userId: string) {
  const [row] = await executor.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.userId, userId));
  return row !== undefined && (approverRoles as string[]).includes(row.role);
}

/** Sets the publish time; the release is then frozen (an edit unschedules it). */
export async function scheduleRelease(db: Database, releaseId: number, at: Date, actor: Admin) {
  requirePermission(actor, "releases.publish");
  let announced: string[] = [];
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    assertAllowed(release, "schedule");
    // Its end time, when it has one, must come after the publish.
    if (release.endsAt && at.getTime() >= release.endsAt.getTime()) throw new ReleaseError(400, releaseMessages.endBeforePublish);
    const [anyChange] = await transaction
      .select({ id: releaseChanges.id })
      .from(releaseChanges)
      .where(eq(releaseChanges.releaseId, releaseId))
      .limit(1);
    if (!anyChange) throw new ReleaseError(409, releaseMessages.empty);
    await assertPublishable(transaction, release);
    // A change with an effective date takes effect at the start of that date, and at no other time.
    await assertScheduleAgrees(transaction, releaseId, at);
    // Without four eyes, the schedule binds the content as it is now: a later edit unschedules it.
    const approvedHash = release.approvedHash ?? (await contentHash(transaction, releaseId));
    await transaction
      .update(releases)
      .set({ state: nextState(release.state, "schedule"), scheduledAt: at, approvedHash, failureMessage: null, updatedAt: new Date() })
      .where(eq(releases.id, releaseId));
    // Nobody keeps drafting into a frozen release by mistake: their next save would unschedule it.
    await transaction.delete(releaseDrafting).where(eq(releaseDrafting.releaseId, releaseId));
    await recordEvent(transaction, {
      kind: "release.schedule",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name, at: at.toISOString() },
    });
    // Its documents' pages announce the coming change from now on.
    announced = await noteAnnouncement(transaction, releaseId, actor, true);
  });
  await announceChanged(db, announced);
}
