// Retention: entries published longer ago than the retention period (ARCHIVE_RETENTION_DAYS,
// default 7 years) are removed with their pages, and the bytes no kept page or asset names. The
// chain stays verifiable from a checkpoint: the hash of the last removed entry (the first kept
// entry's previous hash) and the pages in force at the cutoff, itself hashed; a retention entry
// appended to the chain records that hash, so the checkpoint is signed by inclusion.
import { asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { archiveBaseline, archiveCheckpoints, archiveEntries, archiveOutbox, archivePages } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { storedCheckpoint } from "./chain.server";
import { checkpointHash, ENTRY_FORMAT, entryHash } from "./format.js";

export const ARCHIVE_RETENTION_JOB = "archive-retention";
/** Seven years of days (with their leap days): the usual period records of payment services are kept. */
export const ARCHIVE_RETENTION_DAYS_DEFAULT = 2557;
export const RETENTION_ENTRY_KIND = "archive.retention";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type BaselinePage = typeof archiveBaseline.$inferInsert;

/** The pages in force at the cutoff: the newest version of each address among the old checkpoint's and the removed entries'. */
async function pagesAtCutoff(tx: Transaction, throughEntryId: number) {
  const pages = new Map<string, BaselinePage>();
  for (const page of await tx.select().from(archiveBaseline)) pages.set(page.path, page);
  const removed = await tx
    .select({ page: archivePages, since: archiveEntries.changedAt })
    .from(archivePages)
    .innerJoin(archiveEntries, eq(archiveEntries.id, archivePages.entryId))
    .where(sql`${archivePages.entryId} <= ${throughEntryId}`)
    .orderBy(asc(archivePages.entryId));
  for (const { page, since } of removed) {
    const { path, locale, status, location, sha256, assets, entryId } = page;
    pages.set(path, { path, locale, status, location, sha256, assets, since, entryId });
  }
  return [...pages.values()];
}

/** Appends the retention entry that records the checkpoint's hash (an outbox row of its own, done at once). */
async function appendRetentionEntry(tx: Transaction, checkpoint: string, previousHash: string) {
  const [row] = await tx.insert(archiveOutbox).values({ kind: RETENTION_ENTRY_KIND }).returning();
  const [{ id } = { id: 0 }] = await tx
    .execute(sql`select nextval(pg_get_serial_sequence('archive_entries', 'id'))::int as id`)
    .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  const entry = {
    id,
    changedAt: row!.changedAt.toISOString(),
    kind: RETENTION_ENTRY_KIND,
    by: null,
    releaseId: null,
    groupId: null,
    captured: true,
    pages: [],
    format: ENTRY_FORMAT,
    checkpoint,
  };
  const hash = entryHash(previousHash, entry);
  await tx.insert(archiveEntries).values({
    id,
    outboxId: row!.id,
    changedAt: row!.changedAt,
    kind: RETENTION_ENTRY_KIND,
    pageCount: 0,
    captured: true,
    previousHash,
    hash,
    format: ENTRY_FORMAT,
    checkpoint,
  });
  await tx.update(archiveOutbox).set({ entryId: id, doneAt: new Date() }).where(eq(archiveOutbox.id, row!.id));
}

/** Removes the bytes no kept page, checkpoint page or asset names. */
async function removeUnreferencedBlobs(tx: Transaction) {
  const result = await tx.execute(sql`
    delete from archive_blobs b
    where not exists (select 1 from archive_pages p where p.sha256 = b.sha256)
      and not exists (select 1 from archive_baseline p where p.sha256 = b.sha256)
      and not exists (select 1 from archive_pages p, jsonb_array_elements(p.assets) a where a->>'sha256' = b.sha256)
      and not exists (select 1 from archive_baseline p, jsonb_array_elements(p.assets) a where a->>'sha256' = b.sha256)`);
  return (
    (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0
  );
}

/**
 * Removes the entries published before `now - days` (the oldest, in the chain's order, up to the
 * first one to keep), keeping a checkpoint; answers how many entries and stored bodies went.
 */
export async function applyRetention(db: Database, options: { days: number; now?: Date }) {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.days * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('archive-chain'))`);
    const [firstKept] = await tx
      .select({ id: archiveEntries.id })
      .from(archiveEntries)
      .where(gte(archiveEntries.changedAt, cutoff))
      .orderBy(asc(archiveEntries.id))
      .limit(1);
    const removable = await tx
      .select({ id: archiveEntries.id, hash: archiveEntries.hash })
      .from(archiveEntries)
      .where(firstKept ? lt(archiveEntries.id, firstKept.id) : sql`true`)
      .orderBy(desc(archiveEntries.id))
      .limit(1);
    const last = removable[0];
    if (!last) return { entries: 0, blobs: 0 };
    const pages = await pagesAtCutoff(tx, last.id);
    const checkpoint = { cutoff: cutoff.toISOString(), throughEntryId: last.id, lastRemovedHash: last.hash };
    const hash = checkpointHash({
      ...checkpoint,
      pages: pages.map((page) => ({
        ...page,
        location: page.location ?? null,
        assets: page.assets ?? [],
        since: page.since.toISOString(),
      })),
    });
    const [{ n: entries } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(archiveEntries)
      .where(sql`${archiveEntries.id} <= ${last.id}`);
    await tx.delete(archiveBaseline);
    if (pages.length > 0) await tx.insert(archiveBaseline).values(pages);
    await tx.insert(archiveCheckpoints).values({ ...checkpoint, cutoff, removed: entries, hash });
    await tx.delete(archiveEntries).where(sql`${archiveEntries.id} <= ${last.id}`);
    await tx.delete(archiveOutbox).where(sql`${archiveOutbox.doneAt} is not null and ${archiveOutbox.entryId} <= ${last.id}`);
    const [tip] = await tx.select({ hash: archiveEntries.hash }).from(archiveEntries).orderBy(desc(archiveEntries.id)).limit(1);
    await appendRetentionEntry(tx, hash, tip?.hash ?? last.hash);
    const blobs = await removeUnreferencedBlobs(tx);
    logger.info({ entries, blobs, cutoff: checkpoint.cutoff }, "archive retention: old entries removed, checkpoint kept");
    return { entries, blobs };
  });
}

/** The retention job: an hour after start, then every six hours. */
export function archiveRetentionJob(getDb: () => Database, days: number, everyMs = 6 * 3_600_000): Job {
  return {
    name: ARCHIVE_RETENTION_JOB,
    everyMs,
    firstAfterMs: 3_600_000,
    run: () => applyRetention(getDb(), { days }).then(() => undefined),
  };
}

export { storedCheckpoint };
