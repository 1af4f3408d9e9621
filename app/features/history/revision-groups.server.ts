import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { contentRevisions, type PageContentRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { contentArea } from "~/features/content/write.server";
import { notifyContentChanged } from "~/features/content/read.server";
import type { Database } from "~/platform/db.server";
import { activeCapture } from "./staging-context.server";
import { applySnapshot, readSnapshot } from "./snapshot-registry.server";
import { contentKey, contentSnapshot, type Actor, type ContentSnapshot, type Executor, type RevisionAction } from "./revisions.server";

/**
 * Records one revision per key whose row a whole-tab write changed, all under one group id,
 * and one line in the activity log for the group; the group can then be undone as a whole.
 */
export async function recordSnapshotGroup(
  executor: Executor,
  input: {
    before: PageContentRow[];
    after: PageContentRow[];
    actor: Actor;
    action: RevisionAction;
    kind: string;
    details?: Record<string, unknown>;
  },
) {
  const groupId = randomUUID();
  const rows = new Map<string, { before: ContentSnapshot | null; after: ContentSnapshot | null; page: string; section: string }>();
  for (const row of input.before)
    rows.set(contentKey(row.pageName, row.sectionName), {
      before: contentSnapshot(row),
      after: null,
      page: row.pageName,
      section: row.sectionName,
    });
  for (const row of input.after) {
    const key = contentKey(row.pageName, row.sectionName);
    rows.set(key, { before: rows.get(key)?.before ?? null, after: contentSnapshot(row), page: row.pageName, section: row.sectionName });
  }
  const changed = [...rows].filter(([, change]) => JSON.stringify(change.before) !== JSON.stringify(change.after));
  // A write staged into a release: its values are captured, and nothing is recorded.
  const captured = activeCapture();
  if (captured) {
    for (const [key, change] of changed)
      captured.push({ key, area: contentArea(change.page, change.section), before: change.before, after: change.after });
    return { groupId, changed: changed.length };
  }
  if (changed.length > 0) {
    await executor.insert(contentRevisions).values(
      changed.map(([key, change]) => ({
        key,
        area: contentArea(change.page, change.section),
        action: input.action,
        before: change.before,
        after: change.after,
        userId: input.actor?.id ?? null,
        userEmail: input.actor?.email ?? null,
        groupId,
      })),
    );
  }
  await recordEvent(executor, {
    kind: input.kind,
    area: "content",
    actor: input.actor,
    target: null,
    details: { groupId, changed: changed.length, ...input.details },
  });
  return { groupId, changed: changed.length };
}

/** The revisions of a group, oldest first. */
export function listGroup(executor: Executor, groupId: string) {
  return executor.select().from(contentRevisions).where(eq(contentRevisions.groupId, groupId)).orderBy(asc(contentRevisions.id));
}

export interface GroupEntry {
  key: string;
  area: string;
  before: unknown;
  after: unknown;
  /** The entry's own action (create, delete, …); the group's otherwise. */
  action?: RevisionAction;
}

/** Records one revision per entry under a new group id (any kind of key), and one log line. */
export async function recordRevisionGroup(
  executor: Executor,
  input: { entries: GroupEntry[]; actor: Actor; action: RevisionAction; kind: string; area: string; details?: Record<string, unknown> },
) {
  const groupId = randomUUID();
  if (input.entries.length > 0) {
    await executor.insert(contentRevisions).values(
      input.entries.map((entry) => ({
        key: entry.key,
        area: entry.area,
        action: entry.action ?? input.action,
        before: entry.before ?? null,
        after: entry.after ?? null,
        userId: input.actor?.id ?? null,
        userEmail: input.actor?.email ?? null,
        groupId,
      })),
    );
  }
  await recordEvent(executor, {
    kind: input.kind,
    area: input.area,
    actor: input.actor,
    target: null,
    details: { groupId, changed: input.entries.length, ...input.details },
  });
  return groupId;
}

/**
 * Undoes a whole group ('Initialize All Content', a published release): every key it changed
 * gets back the value it had before (content rows and menu items alike), in one transaction
 * that is itself a new group, so the undo can be undone too. False when the group does not exist.
 */
export async function undoGroup(db: Database, groupId: string, actor: Actor) {
  const done = await db.transaction(async (transaction) => {
    const revisions = await listGroup(transaction, groupId);
    if (revisions.length === 0) return false;
    // The oldest value each key had before the group (a key appears once per group).
    const targets = new Map<string, { area: string; before: unknown }>();
    for (const revision of revisions)
      if (!targets.has(revision.key)) targets.set(revision.key, { area: revision.area, before: revision.before });
    const entries: GroupEntry[] = [];
    for (const [key, target] of targets) {
      const current = await readSnapshot(transaction, key);
      await applySnapshot(transaction, key, target.before);
      const after = await readSnapshot(transaction, key);
      if (JSON.stringify(current) !== JSON.stringify(after)) entries.push({ key, area: target.area, before: current, after });
    }
    await recordRevisionGroup(transaction, {
      entries,
      actor,
      action: "restore",
      kind: "content.undo_group",
      area: "content",
      details: { undoneGroupId: groupId },
    });
    return true;
  });
  if (done) await notifyContentChanged(db);
  return done;
}
