// Drafts stored as data: a release's staged values are rows (release_changes), one per record,
// with the live value and version they were staged against. The store reads them through the
// one overlay (overlay.ts); nothing is applied and rolled back to learn what a release leaves.
import { and, asc, eq } from "drizzle-orm";
import { releaseChanges, type ReleaseChangeRow } from "~/db/schema";
import type { Executor } from "./executor";
import { kindOf, parseKey, type RecordKey } from "./kinds";
import { latestRevision, type Actor } from "./revisions.server";
import { sameValue } from "./internal/same-value";

/** Where an administrator's writes go when they go into a draft. */
export interface DraftTarget {
  id: number;
  name: string;
}

/**
 * What the store needs from the feature that owns drafts (the releases): where an actor's
 * writes go, and what staging into a draft does to it. The releases feature provides it;
 * app/record-kinds.server.ts hands it to the store.
 */
export interface DraftHost {
  /** The draft an administrator's saves go into now, if any (for the editors; no refusal). */
  drafting(executor: Executor, userId: string): Promise<DraftTarget | undefined>;
  /** The draft the actor's writes go into (undefined: live); throws a Refusal when writes are refused. One statement. */
  target(executor: Executor, actor: NonNullable<Actor>): Promise<DraftTarget | undefined>;
  /** In the staging transaction, first: takes the draft's one lock and refuses a draft that takes no changes. */
  open(executor: Executor, draftId: number): Promise<void>;
  /**
   * In the staging transaction, last: what a change to the draft means (authorship, sign-off, the
   * log). Answers the records whose public answers it changed (a scheduled draft's announcement
   * withdrawn), which the caches are told of after the commit; none for a draft nobody sees.
   */
  staged(executor: Executor, draftId: number, keys: string[], actor: NonNullable<Actor>): Promise<readonly string[]>;
}

let host: DraftHost | undefined;

export function setDraftHost(next: DraftHost | undefined) {
  host = next;
}

export const draftHost = () => host;

/** A draft's staged rows, in key order. */
export function draftRows(executor: Executor, draftId: number): Promise<ReleaseChangeRow[]> {
  return executor.select().from(releaseChanges).where(eq(releaseChanges.releaseId, draftId)).orderBy(asc(releaseChanges.key));
}

/** A draft as the overlay reads it: key text → staged value (null: deleted). */
export async function readDraft(executor: Executor, draftId: number): Promise<Map<string, unknown>> {
  const rows = await executor
    .select({ key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .where(eq(releaseChanges.releaseId, draftId));
  return new Map(rows.map((row) => [row.key, row.staged ?? null]));
}

/** One record's staged row in a draft, if it has one. */
export async function stagedRow(executor: Executor, draftId: number, key: string) {
  const [row] = await executor
    .select()
    .from(releaseChanges)
    .where(and(eq(releaseChanges.releaseId, draftId), eq(releaseChanges.key, key)));
  return row;
}

/**
 * Stages a value: a record keeps the live value and version it was first staged against; a
 * record brought back to its live value leaves the draft. Answers whether the draft changed.
 */
export async function stageValue(executor: Executor, draftId: number, key: RecordKey, value: unknown, actor: NonNullable<Actor>) {
  const stored = await stagedRow(executor, draftId, key.text);
  const live = stored ? stored.live : ((await kindOf(key).read(executor, [key])).get(key.text) ?? null);
  if (sameValue(live, value)) {
    if (stored) await executor.delete(releaseChanges).where(eq(releaseChanges.id, stored.id));
    return stored !== undefined;
  }
  const values = { staged: value ?? null, stagedById: actor.id, stagedByEmail: actor.email, stagedAt: new Date() };
  if (stored) {
    await executor.update(releaseChanges).set(values).where(eq(releaseChanges.id, stored.id));
  } else {
    const liveRevisionId = (await latestRevision(executor, key.text))?.id ?? 0;
    await executor.insert(releaseChanges).values({
      releaseId: draftId,
      key: key.text,
      locale: key.locale,
      area: kindOf(key).area,
      live: live ?? null,
      liveRevisionId,
      ...values,
    });
  }
  return true;
}

/** Drops one record from a draft (its live value stays). */
export async function unstage(executor: Executor, draftId: number, key: string) {
  await executor.delete(releaseChanges).where(and(eq(releaseChanges.releaseId, draftId), eq(releaseChanges.key, key)));
}

/** Takes the live value and version now as the ones a staged record overwrites (a conflict settled for the draft). */
export async function rebaseStaged(executor: Executor, draftId: number, key: string) {
  const parsed = parseKey(key);
  const live = (await kindOf(parsed).read(executor, [parsed])).get(key) ?? null;
  await executor
    .update(releaseChanges)
    .set({ live, liveRevisionId: (await latestRevision(executor, key))?.id ?? 0 })
    .where(and(eq(releaseChanges.releaseId, draftId), eq(releaseChanges.key, key)));
}

/** The draft an administrator's saves go into now, if any. */
export const currentDraft = async (executor: Executor, userId: string) => host?.drafting(executor, userId);
