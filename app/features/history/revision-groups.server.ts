import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { contentRevisions, pageContent, type PageContentRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { contentArea } from "~/features/content/write.server";
import { notifyContentChanged } from "~/features/content/read.server";
import type { Database } from "~/platform/db.server";
import { applyContentSnapshot } from "./restore-snapshot.server";
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

/**
 * Undoes a whole group ('Initialize All Content'): every key it changed gets back the row it
 * had before, in one transaction that is itself a new group, so the undo can be undone too.
 * False when the group does not exist.
 */
export async function undoGroup(db: Database, groupId: string, actor: Actor) {
  const done = await db.transaction(async (transaction) => {
    const revisions = await listGroup(transaction, groupId);
    if (revisions.length === 0) return false;
    const targets = revisions.map((revision) => {
      const snapshot = (revision.before ?? revision.after) as ContentSnapshot;
      return { page: snapshot.pageName, section: snapshot.sectionName, snapshot: revision.before as ContentSnapshot | null };
    });
    const keys = new Set(targets.map((target) => contentKey(target.page, target.section)));
    const current = (await transaction.select().from(pageContent)).filter((row) => keys.has(contentKey(row.pageName, row.sectionName)));
    const after: PageContentRow[] = [];
    for (const target of targets) {
      const row = await applyContentSnapshot(transaction, target.page, target.section, target.snapshot);
      if (row) after.push(row);
    }
    await recordSnapshotGroup(transaction, {
      before: current,
      after,
      actor,
      action: "restore",
      kind: "content.undo_group",
      details: { undoneGroupId: groupId },
    });
    return true;
  });
  if (done) await notifyContentChanged(db);
  return done;
}
