// Purges owed to the edges, kept in the database (edge_purges) until each edge has taken them:
// a change enqueues one row per edge after it commits, the shared scheduler's `edge-purge` job
// sends what is due with backoff, and a server that restarts finds what is still owed.
import { and, asc, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { edgePurges } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { SITE_TAG, WIDE_TAG } from "./headers";
import type { PurgeTarget } from "./targets.server";
import { tagsOfChange } from "~/features/records/tags";

export const EDGE_PURGE_JOB = "edge-purge";
/** A claimed row is another server's again if this one has not recorded its outcome by then. */
export const CLAIM_LEASE_MS = 30_000;
/**
 * A change is purged twice: at once, and this long after. Another instance hears of the change
 * through the database a moment after it commits; an edge that fetched the page from it in
 * between keeps the copy from before the change, and the second purge drops that copy.
 */
export const REPEAT_AFTER_MS = 1500;
/** Done rows are kept this long for the dashboard. */
const KEEP_DONE_MS = 86_400_000;

/** Wait before attempt `attempts + 1`: 1 s, doubling to a minute; a purge is never given up. */
export const purgeBackoffMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);

/** What `/metrics` reads: per edge, purges sent and failed since start, and the last purge's lag. */
export interface PurgeCounters {
  purged: Map<string, number>;
  failed: Map<string, number>;
  /** Milliseconds from the change to the edge taking its purge, for the newest purge done. */
  lastLagMs: number | undefined;
}

export const createPurgeCounters = (): PurgeCounters => ({ purged: new Map(), failed: new Map(), lastLagMs: undefined });

/** The tags a change of these records purges (every record's own, its group's, and the pages too wide to list); none named: the whole site. */
export function changeTags(records: readonly string[] | undefined): string[] {
  return records === undefined ? [SITE_TAG] : [...tagsOfChange(records), WIDE_TAG];
}

/** Owes every edge a purge of these tags, now and again shortly after (REPEAT_AFTER_MS). */
export async function enqueuePurge(db: Database, targets: readonly string[], tags: string[], now = new Date()) {
  if (targets.length === 0 || tags.length === 0) return;
  const later = new Date(now.getTime() + REPEAT_AFTER_MS);
  await db.insert(edgePurges).values(
    targets.flatMap((target) => [
      { target, tags, createdAt: now, nextAt: now },
      { target, tags, createdAt: now, nextAt: later },
    ]),
  );
}

interface Claimed {
  id: number;
  target: string;
  tags: string[];
  createdAt: Date;
  attempts: number;
}

async function claimDue(db: Database, now: Date, limit = 200): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: edgePurges.id,
        target: edgePurges.target,
        tags: edgePurges.tags,
        createdAt: edgePurges.createdAt,
        attempts: edgePurges.attempts,
      })
      .from(edgePurges)
      .where(and(isNull(edgePurges.doneAt), lte(edgePurges.nextAt, now)))
      .orderBy(asc(edgePurges.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0)
      await tx
        .update(edgePurges)
        .set({ nextAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(
          inArray(
            edgePurges.id,
            due.map((row) => row.id),
          ),
        );
    return due;
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * Sends every due purge, the rows of one edge together (their tags merged, in requests of the
 * edge's size), and records each outcome: done, or tried again after a backoff.
 */
export async function sendDuePurges(db: Database, targets: readonly PurgeTarget[], counters?: PurgeCounters, now = new Date()) {
  const claimed = await claimDue(db, now);
  const byTarget = new Map<string, Claimed[]>();
  for (const row of claimed) byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row]);
  await Promise.all(
    [...byTarget].map(async ([name, rows]) => {
      const ids = rows.map((row) => row.id);
      const target = targets.find((candidate) => candidate.name === name);
      if (!target) {
        // An edge no longer configured: nothing to send it.
        await db.update(edgePurges).set({ doneAt: now, error: "not configured" }).where(inArray(edgePurges.id, ids));
        return;
      }
      const tags = [...new Set(rows.flatMap((row) => row.tags))];
      try {
        for (const part of chunks(tags, target.maxTags)) await target.purge(part);
      } catch (error) {
        const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
        counters?.failed.set(name, (counters.failed.get(name) ?? 0) + 1);
        logger.warn({ target: name, attempts, reason }, "edge purge failed; trying again");
        await db
          .update(edgePurges)
          .set({ attempts, error: reason, nextAt: new Date(Date.now() + purgeBackoffMs(attempts)) })
          .where(inArray(edgePurges.id, ids));
        return;
      }
      const done = new Date();
      await db
        .update(edgePurges)
        .set({ doneAt: done, error: null, attempts: sql`${edgePurges.attempts} + 1` })
        .where(inArray(edgePurges.id, ids));
      if (counters) {
        counters.purged.set(name, (counters.purged.get(name) ?? 0) + 1);
        counters.lastLagMs = done.getTime() - Math.min(...rows.map((row) => row.createdAt.getTime()));
      }
    }),
  );
  await db.delete(edgePurges).where(and(isNotNull(edgePurges.doneAt), lt(edgePurges.createdAt, new Date(now.getTime() - KEEP_DONE_MS))));
  return claimed.length;
}

/** The background job that sends the purges (kicked after each change, so it runs at once). */
export function edgePurgeJob(db: () => Database, targets: readonly PurgeTarget[], counters?: PurgeCounters, everyMs = 1000): Job {
  return { name: EDGE_PURGE_JOB, everyMs, firstAfterMs: 200, run: () => sendDuePurges(db(), targets, counters) };
}

/** One edge's state as the dashboard shows it. */
export interface EdgeStatus {
  target: string;
  lastPurgeAt: Date | null;
  /** Purges not yet taken. */
  pending: number;
  /** The oldest owed purge's failure, when the edge has refused or not answered. */
  failure: { error: string; attempts: number; since: Date } | null;
}

export async function edgeStatus(db: Database, targets: readonly string[]): Promise<EdgeStatus[]> {
  const rows = await db
    .select({
      target: edgePurges.target,
      lastPurgeAt: sql<string | null>`max(${edgePurges.doneAt})`,
      pending: sql<number>`count(*) filter (where ${edgePurges.doneAt} is null)`,
    })
    .from(edgePurges)
    .groupBy(edgePurges.target);
  const failing = await db
    .select({ target: edgePurges.target, error: edgePurges.error, attempts: edgePurges.attempts, since: edgePurges.createdAt })
    .from(edgePurges)
    .where(and(isNull(edgePurges.doneAt), isNotNull(edgePurges.error)))
    .orderBy(asc(edgePurges.id));
  return targets.map((target) => {
    const row = rows.find((candidate) => candidate.target === target);
    const failure = failing.find((candidate) => candidate.target === target);
    return {
      target,
      lastPurgeAt: row?.lastPurgeAt ? new Date(row.lastPurgeAt) : null,
      pending: Number(row?.pending ?? 0),
      failure: failure ? { error: failure.error!, attempts: failure.attempts, since: failure.since } : null,
    };
  });
}
