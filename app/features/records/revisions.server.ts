// Revisions: one row per change of a record's live value, written by the store's pipeline in the
// write's own transaction. A record's version is the id of its newest revision (0: none).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { contentRevisions } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Executor } from "./executor";
import type { Actor } from "~/platform/person";
import type { RecordKey } from "./kinds";

export type { Executor } from "./executor";

export type { Actor } from "~/platform/person";

export type RevisionAction = "update" | "create" | "delete" | "restore" | "initialize";

export const CONFLICT_MESSAGE = "Контент был изменён другим администратором. Обновите страницу, чтобы увидеть текущую версию.";

/** Refused save: someone else wrote the value after this editor was opened (HTTP 409, with the value stored now). */
export class VersionConflictError extends Refusal {
  constructor(readonly current: { version: number; value: unknown; by: string | null; at: string | null }) {
    super(409, CONFLICT_MESSAGE, { details: { conflict: current } });
  }
}

/**
 * Serialises writes of one key until the transaction ends, so two saves of the same value
 * cannot both pass the version check. NOTE: hashtext may collide; a collision only makes two
 * keys wait for each other.
 */
export async function lockKey(executor: Executor, key: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The newest revision of a key: its id is the key's version (0 when it has none). */
export async function latestRevision(executor: Executor, key: string) {
  const [row] = await executor
    .select()
    .from(contentRevisions)
    .where(eq(contentRevisions.key, key))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  return row;
}

/**
 * Refuses the write when the editor was opened on another version. An editor that sends no
 * version (a script, or an overwrite the administrator chose) is not checked.
 */
export async function checkVersion(executor: Executor, key: string, expected: number | undefined, currentValue: unknown) {
  if (expected === undefined) return;
  const latest = await latestRevision(executor, key);
  const version = latest?.id ?? 0;
  if (version === expected) return;
  throw new VersionConflictError({
    version,
    value: currentValue,
    by: latest?.userEmail ?? null,
    at: latest?.createdAt.toISOString() ?? null,
  });
}

/** Every key's version, for the editors a loader opens. */
export async function latestVersions(db: Executor, keys: string[]): Promise<Record<string, number>> {
  if (keys.length === 0) return {};
  const rows = await db
    .select({ key: contentRevisions.key, version: sql<number>`max(${contentRevisions.id})`.mapWith(Number) })
    .from(contentRevisions)
    .where(inArray(contentRevisions.key, keys))
    .groupBy(contentRevisions.key);
  return Object.fromEntries(rows.map((row) => [row.key, row.version]));
}

export interface RevisionEntry {
  key: RecordKey;
  area: string;
  action: RevisionAction;
  before: unknown;
  after: unknown;
}

/**
 * Records revisions in one statement. Without a group, each gets its own activity line
 * (`<area>.<action>`, naming the key and the revision); with one, they share a group id and
 * the group gets one line. Answers the revision ids, in order.
 */
export async function insertRevisions(
  executor: Executor,
  entries: RevisionEntry[],
  actor: Actor,
  group?: { id: string; kind: string; area: string; details?: Record<string, unknown> },
): Promise<number[]> {
  const rows =
    entries.length === 0
      ? []
      : await executor
          .insert(contentRevisions)
          .values(
            entries.map((entry) => ({
              key: entry.key.text,
              locale: entry.key.locale,
              area: entry.area,
              action: entry.action,
              before: entry.before ?? null,
              after: entry.after ?? null,
              userId: actor?.id ?? null,
              userEmail: actor?.email ?? null,
              groupId: group?.id ?? null,
            })),
          )
          .returning({ id: contentRevisions.id });
  if (group) {
    await recordEvent(executor, {
      kind: group.kind,
      area: group.area,
      actor,
      target: null,
      details: { groupId: group.id, changed: entries.length, ...group.details },
    });
  } else {
    for (const [index, entry] of entries.entries()) {
      await recordEvent(executor, {
        kind: `${entry.area}.${entry.action}`,
        area: entry.area,
        actor,
        target: entry.key.text,
        details: { revisionId: rows[index]!.id },
      });
    }
  }
  return rows.map((row) => row.id);
}

/** Revisions of one key, newest first. */
export function listRevisions(db: Database, key: string, limit = 50) {
  return db.select().from(contentRevisions).where(eq(contentRevisions.key, key)).orderBy(desc(contentRevisions.id)).limit(limit);
}

export async function getRevision(db: Executor, id: number, key?: string) {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(key === undefined ? eq(contentRevisions.id, id) : and(eq(contentRevisions.id, id), eq(contentRevisions.key, key)));
  return row;
}
