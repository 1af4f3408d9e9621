import { and, desc, eq, sql } from "drizzle-orm";
import { contentRevisions } from "~/db/schema";
import { writeContentRow } from "~/features/content/write.server";
import type { Database } from "~/platform/db.server";
import { restoreMenuItem } from "~/features/content/menu/menu.server";
import { parseRecordKey, restoreRecord } from "~/features/pages/restore.server";
import { applyContentSnapshot } from "./restore-snapshot.server";
import { getRevision, type Actor, type ContentSnapshot, type MenuSnapshot } from "./revisions.server";

/** What a revision set: the row after it, or for a deletion the row it removed. */
export const restorableValue = (revision: { before: unknown; after: unknown }) => revision.after ?? revision.before;

/** `home/hero_title` → page and section; menu keys have no page. */
export function splitContentKey(key: string) {
  const slash = key.indexOf("/");
  return { page: key.slice(0, slash), section: key.slice(slash + 1) };
}

/**
 * Puts a card back to the value one of its revisions recorded, as a new revision (so the
 * restore can be undone too). False when that revision does not belong to that key.
 */
export async function restoreRevision(db: Database, input: { key: string; revisionId: number; version?: number }, actor: Actor) {
  const revision = await getRevision(db, input.revisionId, input.key);
  if (!revision) return false;
  const value = restorableValue(revision);
  if (input.key.startsWith("menu:")) {
    await restoreMenuItem(db, Number(input.key.slice("menu:".length)), value as MenuSnapshot | null, actor, input.version);
    return true;
  }
  if (parseRecordKey(input.key)) {
    await restoreRecord(db, input.key, value, actor, input.version);
    return true;
  }
  const { page, section } = splitContentKey(input.key);
  const written = await writeContentRow(db, {
    page,
    section,
    actor,
    version: input.version,
    action: "restore",
    change: (transaction) => applyContentSnapshot(transaction, page, section, value as ContentSnapshot | null),
  });
  return written !== false;
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
