import { asc, eq } from "drizzle-orm";
import { contentRevisions } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { parseKey } from "~/features/records/kinds";
import type { Actor, Executor } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import { requirePermission } from "~/features/access/require.server";

/** The revisions of a group, oldest first. */
export function listGroup(executor: Executor, groupId: string) {
  return executor.select().from(contentRevisions).where(eq(contentRevisions.groupId, groupId)).orderBy(asc(contentRevisions.id));
}

export interface UndoOptions {
  /** The undo's own group kind and area (a release's end: `release.end`). */
  kind?: string;
  area?: string;
  details?: Record<string, unknown>;
  /** Runs first in the undo's transaction: false leaves it undone (another instance got there first). */
  claim?(executor: Executor): Promise<boolean>;
  /** Runs in the same transaction once the values are written (the release marked ended). */
  afterLive?(executor: Executor, written: { groupId: string | undefined; keys: string[] }): Promise<void>;
}

/**
 * Undoes a whole group ('Initialize All Content', a published release): every record it changed
 * gets back the value it had before (content rows, menu items, pages alike), live, in one
 * transaction that is itself a new group, so the undo can be undone too. False when the group
 * does not exist.
 */
export async function undoGroup(db: Database, groupId: string, actor: Actor, options: UndoOptions = {}) {
  requirePermission(actor, "activity.view");
  const outcome = await writeRecords(db, {
    actor,
    action: "restore",
    alwaysLive: true,
    group: {
      kind: options.kind ?? "content.undo_group",
      area: options.area ?? "content",
      details: { ...options.details, undoneGroupId: groupId },
    },
    afterLive: options.afterLive,
    async plan(context) {
      if (options.claim && !(await options.claim(context.executor))) return false;
      const revisions = await listGroup(context.executor, groupId);
      if (revisions.length === 0) return false;
      // The oldest value each record had before the group (a record appears once per group).
      const targets = new Map<string, unknown>();
      for (const revision of revisions) if (!targets.has(revision.key)) targets.set(revision.key, revision.before);
      return { result: true, changes: [...targets].map(([key, before]) => ({ key: parseKey(key), after: before ?? null })) };
    },
  });
  return outcome !== false;
}
