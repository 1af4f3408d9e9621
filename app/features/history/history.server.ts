import { and, desc, eq, sql } from "drizzle-orm";
import { contentRevisions } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { tryParseKey } from "~/features/records/kinds";
import { restoreRevision as restoreRecordRevision } from "~/features/records/restore.server";
import type { Actor } from "~/features/records/revisions.server";

export { restorableValue } from "~/features/records/restore.server";

/**
 * Puts a card back to the value one of its revisions recorded, as a new revision (so the
 * restore can be undone too). False when that revision does not belong to that key.
 */
export async function restoreRevision(db: Database, input: { key: string; revisionId: number; version?: number }, actor: Actor) {
  const key = tryParseKey(input.key);
  if (!key) return false;
  return restoreRecordRevision(db, key, input.revisionId, actor, input.version);
}

/**
 * Content rows and menu items whose newest revision deleted them: the ones that can be
 * brought back. NOTE: reads newest deletions first and stops at `limit`.
 */
export function listDeleted(db: Database, limit = 50) {
  return db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.action, "delete"),
        sql`not exists (select 1 from ${contentRevisions} newer where newer.key = ${contentRevisions.key} and newer.id > ${contentRevisions.id})`,
      ),
    )
    .orderBy(desc(contentRevisions.id))
    .limit(limit);
}

/** The newest 'Initialize All Content' groups, which can be undone as a whole. */
export async function listInitializeGroups(db: Database, limit = 5) {
  const rows = await db
    .select({
      groupId: contentRevisions.groupId,
      at: sql<string>`max(${contentRevisions.createdAt})`,
      by: sql<string | null>`max(${contentRevisions.userEmail})`,
      changed: sql<number>`count(*)`.mapWith(Number),
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.action, "initialize"))
    .groupBy(contentRevisions.groupId)
    .orderBy(desc(sql`max(${contentRevisions.id})`))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}
