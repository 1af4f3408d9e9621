import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { contentRevisions, type MenuItemRow, type PageContentRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";
import type { SessionUser } from "~/features/auth/permissions.server";
import { activeCapture } from "./staging-context.server";

/** The administrator who made a write; null for writes the server makes itself. */
export type Actor = Pick<SessionUser, "id" | "email"> | null;

export type RevisionAction = "update" | "create" | "delete" | "restore" | "initialize";

/** Either the database or an open transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export const CONFLICT_MESSAGE = "Контент был изменён другим администратором. Обновите страницу, чтобы увидеть текущую версию.";

/** What a page content row was or became: everything but its id and time stamp. */
export type ContentSnapshot = Pick<PageContentRow, "pageName" | "sectionName" | "contentType" | "contentValue" | "richContent" | "pageUrl">;
export type MenuSnapshot = Omit<MenuItemRow, "createdAt">;

export const contentKey = (page: string, section: string) => `${page}/${section}`;
export const menuKey = (id: number) => `menu:${id}`;

export function contentSnapshot(row: PageContentRow | undefined): ContentSnapshot | null {
  if (!row) return null;
  const { pageName, sectionName, contentType, contentValue, richContent, pageUrl } = row;
  return { pageName, sectionName, contentType, contentValue, richContent, pageUrl };
}

export function menuSnapshot(row: MenuItemRow | undefined): MenuSnapshot | null {
  if (!row) return null;
  const { createdAt: _createdAt, ...rest } = row;
  return rest;
}

/** Refused save: someone else wrote the value after this editor was opened (HTTP 409). */
export class VersionConflictError extends Error {
  constructor(readonly current: { version: number; value: unknown; by: string | null; at: string | null }) {
    super(CONFLICT_MESSAGE);
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

export interface RevisionInput {
  key: string;
  area: string;
  action: RevisionAction;
  before: unknown;
  after: unknown;
  actor: Actor;
  groupId?: string;
}

/** Records a revision and its activity log line; given a transaction, both commit with the write. */
export async function recordRevision(executor: Executor, input: RevisionInput): Promise<number> {
  // A save staged into a release: its value is captured, and nothing is recorded (0).
  const captured = activeCapture();
  if (captured) {
    captured.push({ key: input.key, area: input.area, before: input.before ?? null, after: input.after ?? null });
    return 0;
  }
  const [row] = await executor
    .insert(contentRevisions)
    .values({
      key: input.key,
      area: input.area,
      action: input.action,
      before: input.before ?? null,
      after: input.after ?? null,
      userId: input.actor?.id ?? null,
      userEmail: input.actor?.email ?? null,
      groupId: input.groupId ?? null,
    })
    .returning({ id: contentRevisions.id });
  await recordEvent(executor, {
    kind: `${input.area}.${input.action}`,
    area: input.area,
    actor: input.actor,
    target: input.key,
    details: { revisionId: row!.id },
  });
  return row!.id;
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
