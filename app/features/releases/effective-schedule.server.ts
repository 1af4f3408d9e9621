// A release that carries an effective date (a legal page's or the fees', app/features/content/effective)
// publishes at the start of that date and at no other time: its schedule must be that instant
// (a mismatch is refused, never silently moved: scheduling needs the publish permission and, with
// four eyes, an approval, so the date alone cannot schedule it), and "publish now" is refused.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { releaseChanges, releases } from "~/db/schema";
import {
  announcementKinds,
  effectiveDateOfValue,
  effectiveDocumentOf,
  effectiveDocuments,
  effectiveKey,
  type EffectiveDocument,
} from "~/features/content/effective/keys";
import { notePublished } from "~/features/records/published.server";
import type { Actor, Executor } from "~/features/records/revisions.server";
import { notifyContentChanged } from "~/features/records/version.server";
import type { Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { Refusal } from "~/platform/refusal";
import { releaseMessages } from "./messages";
import { zonedToInstant } from "./time-zone";

const allKeys = effectiveDocuments.map(effectiveKey);

/** The instant an effective date begins: 00:00 of that date in the site's time zone. */
export const effectiveStart = (date: string, timeZone = getEnv().SITE_TIME_ZONE) => zonedToInstant(`${date}T00:00`, timeZone)!;

/** The effective date the release's staged changes carry (undefined: none); refused when they carry two. */
export async function releaseEffectiveDate(executor: Executor, releaseId: number): Promise<string | undefined> {
  const rows = await executor
    .select({ staged: releaseChanges.staged })
    .from(releaseChanges)
    .where(and(eq(releaseChanges.releaseId, releaseId), inArray(releaseChanges.key, allKeys)));
  const dates = new Set(rows.map((row) => effectiveDateOfValue(row.staged)).filter((date) => date !== undefined));
  if (dates.size > 1) throw new Refusal(400, releaseMessages.effectiveDatesDiffer);
  return [...dates][0];
}

/** Scheduling: a release with an effective date only for the start of that date. */
export async function assertScheduleAgrees(executor: Executor, releaseId: number, at: Date) {
  const date = await releaseEffectiveDate(executor, releaseId);
  if (date !== undefined && effectiveStart(date).getTime() !== at.getTime()) throw new Refusal(400, releaseMessages.effectiveMismatch);
}

/** Publishing now: refused for a release with an effective date (the scheduler publishes it at the date). */
export async function assertPublishNowAllowed(executor: Executor, releaseId: number) {
  if ((await releaseEffectiveDate(executor, releaseId)) !== undefined) throw new Refusal(409, releaseMessages.effectiveScheduledOnly);
}

export interface ComingChange {
  releaseId: number;
  document: EffectiveDocument;
  date: string;
  scheduledAt: Date;
}

/**
 * The changes announced to visitors: each document's effective date staged in a release that is
 * scheduled (approved where four eyes holds, and frozen) for a time still to come, soonest first.
 * Only a scheduled release is announced: a draft's date is no promise. `except`: a release left
 * out (the one a preview shows as published).
 */
export async function comingChanges(executor: Executor, now = new Date(), except?: number): Promise<ComingChange[]> {
  const rows = await executor
    .select({ releaseId: releases.id, scheduledAt: releases.scheduledAt, key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .innerJoin(releases, eq(releases.id, releaseChanges.releaseId))
    .where(and(eq(releases.state, "scheduled"), gt(releases.scheduledAt, now), inArray(releaseChanges.key, allKeys)))
    .orderBy(asc(releases.scheduledAt), asc(releases.id));
  const coming: ComingChange[] = [];
  for (const row of rows) {
    const document = effectiveDocumentOf(row.key);
    const date = effectiveDateOfValue(row.staged);
    if (row.releaseId === except) continue;
    if (document && date && row.scheduledAt && !coming.some((change) => change.document === document))
      coming.push({ releaseId: row.releaseId, document, date, scheduledAt: row.scheduledAt });
  }
  return coming;
}

/** The staged values of a scheduled release for the keys (what its coming version of a page shows). */
export async function scheduledValues(executor: Executor, releaseId: number, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, unknown>();
  const rows = await executor
    .select({ key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .innerJoin(releases, eq(releases.id, releaseChanges.releaseId))
    .where(and(eq(releases.id, releaseId), eq(releases.state, "scheduled"), inArray(releaseChanges.key, [...keys])));
  return new Map(rows.map((row) => [row.key, row.staged]));
}

/** The keys a release stages for a document's page (`terms/…`), any locale: to read its coming version. */
export async function stagedKeysOf(executor: Executor, releaseId: number, document: EffectiveDocument) {
  const rows = await executor.select({ key: releaseChanges.key }).from(releaseChanges).where(eq(releaseChanges.releaseId, releaseId));
  return rows.map((row) => row.key).filter((key) => key.startsWith(`${document}/`));
}

/** The release's records that carry an effective date (what its schedule announces on the pages). */
export async function effectiveKeysOf(executor: Executor, releaseId: number): Promise<string[]> {
  const rows = await executor
    .select({ key: releaseChanges.key })
    .from(releaseChanges)
    .where(and(eq(releaseChanges.releaseId, releaseId), inArray(releaseChanges.key, allKeys)));
  return rows.map((row) => row.key);
}

/**
 * A schedule of a release with an effective date changed (scheduled, unscheduled, cancelled,
 * failed, edited): the documents' public pages announce the coming change, or stop announcing it.
 * Noted for the archive in the change's transaction (what those pages serve changes); answers the
 * keys to tell the pages after the commit (`announceChanged`). `keys`: the dates it announced,
 * when the change has already taken some out of the release (read before it, `effectiveKeysOf`).
 */
export async function noteAnnouncement(
  executor: Executor,
  releaseId: number,
  actor: Actor,
  announced: boolean,
  keys?: readonly string[],
): Promise<string[]> {
  const named = [...(keys ?? (await effectiveKeysOf(executor, releaseId)))];
  const kind = announced ? announcementKinds.announced : announcementKinds.withdrawn;
  if (named.length > 0) await notePublished(executor, { kind, actor, releaseId, records: named });
  return named;
}

/** After the commit: the pages re-render on every instance (and the edges are purged of their tags). */
export async function announceChanged(db: Database, keys: readonly string[]) {
  if (keys.length > 0) await notifyContentChanged(db, ["release_changes"], keys);
}
