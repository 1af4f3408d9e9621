// The archive's worker, a job of the shared scheduler (docs/decisions/0013): it takes the
// outbox's pending rows in order, renders every public page as a visitor gets it now, stores the
// bytes that changed (content-addressed: SHA-256, gzip, identical bytes once) and appends one
// entry per row to the hash chain, marking the rows done in the same transaction.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { archiveEntries, archiveOutbox, archivePages, archiveWorker, type ArchivedAssetRow } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { siteLocalesNow } from "~/features/locales/routing.server";
import { archiveCapture, archivePaths, localeOfPath, type ArchiveCapture } from "./capture.server";
import { archiveAssetSource, type ArchiveAssetSource } from "./asset-source.server";
import { ENTRY_FORMAT, entryHash, GENESIS_HASH, sha256Hex } from "./format.js";
import { assetReader, sameAssets, storeBlobs, storedHashes, type AssetReader } from "./page-assets.server";
import { forgetReady, isReadyHere } from "./outbox.server";

export const ARCHIVE_JOB = "archive";

export interface ArchiveRunOptions {
  capture?: ArchiveCapture;
  /** Where the pages' stylesheets and images are read (the site's own by default). */
  assets?: ArchiveAssetSource;
  /** This instance's name in the worker's lease. */
  owner?: string;
  /** How long the lease lasts (a worker killed mid-run leaves it to expire). */
  leaseMs?: number;
  /**
   * Another instance's rows are taken once this old: by then this instance has heard of the
   * change (content-sync) and renders it. Its own rows are taken at once.
   */
  settleMs?: number;
}

const INSTANCE = randomUUID();

/** Takes the worker's lease; false when another live worker holds it. */
async function takeLease(db: Database, owner: string, leaseMs: number) {
  const rows = await db
    .update(archiveWorker)
    .set({ owner, until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        eq(archiveWorker.id, 1),
        sql`(${archiveWorker.owner} is null or ${archiveWorker.until} < now() or ${archiveWorker.owner} = ${owner})`,
      ),
    )
    .returning({ id: archiveWorker.id });
  return rows.length > 0;
}

async function releaseLease(db: Database, owner: string) {
  await db
    .update(archiveWorker)
    .set({ owner: null, until: null })
    .where(and(eq(archiveWorker.id, 1), eq(archiveWorker.owner, owner)));
}

interface LatestPage {
  path: string;
  status: number;
  location: string | null;
  sha256: string;
  assets: ArchivedAssetRow[];
}

/** The newest archived version of every address (or its version at the retention checkpoint): its hash, status, location and assets. */
async function latestPages(db: Database) {
  const rows = await db.execute(
    sql`select distinct on (path) path, status, location, sha256, assets from (
      select path, status, location, sha256, assets, entry_id from archive_pages
      union all select path, status, location, sha256, assets, 0 as entry_id from archive_baseline
    ) as versions order by path, entry_id desc`,
  );
  const list = (rows as unknown as { rows: LatestPage[] }).rows;
  return new Map(
    list.map((row) => [row.path, { ...row, assets: typeof row.assets === "string" ? JSON.parse(row.assets) : (row.assets ?? []) }]),
  );
}

/** The pending rows this run may take: the oldest, in order, up to the first not yet settled. */
async function takeable(db: Database, settleMs: number) {
  const pending = await db
    .select({ id: archiveOutbox.id, age: sql<number>`extract(epoch from now() - ${archiveOutbox.changedAt}) * 1000`.mapWith(Number) })
    .from(archiveOutbox)
    .where(isNull(archiveOutbox.doneAt))
    .orderBy(asc(archiveOutbox.id))
    .limit(500);
  const ids: number[] = [];
  for (const row of pending) {
    if (!isReadyHere(row.id) && row.age < settleMs) break;
    ids.push(row.id);
  }
  return ids;
}

interface Rendered {
  path: string;
  locale: string;
  status: number;
  location: string | null;
  sha256: string;
  body: Buffer;
  assets: ArchivedAssetRow[];
}

/**
 * Renders every page and keeps those that changed since their newest archived version: their
 * bytes, their answer or one of their assets' bytes (an image replaced under its address). An
 * unchanged page's bytes are let go at once, so a run holds the change, not the whole site.
 */
async function renderChanged(db: Database, capture: ArchiveCapture, reader: AssetReader, before: Map<string, LatestPage>) {
  const locales = siteLocalesNow();
  const changed: Rendered[] = [];
  let rendered = 0;
  for (const path of await archivePaths(db, before.keys())) {
    const page = await capture.render(path);
    if (!page) continue;
    rendered += 1;
    const now: Rendered = {
      path,
      locale: localeOfPath(path, locales),
      status: page.status,
      location: page.location ?? null,
      sha256: sha256Hex(page.body),
      body: page.body,
      assets: page.location ? [] : await reader.assetsOf(page.body),
    };
    const previous = before.get(path);
    const same =
      previous &&
      previous.sha256 === now.sha256 &&
      previous.status === now.status &&
      previous.location === now.location &&
      sameAssets(previous.assets, now.assets);
    if (!same) changed.push(now);
  }
  return { rendered, changed };
}

/**
 * The bytes the changed pages need stored: their own, and each of their assets not stored yet,
 * read again (checked against its hash). Answers those and the hashes found stored already.
 */
async function blobsOf(db: Database, changed: readonly Rendered[], reader: AssetReader) {
  const blobs = new Map<string, { body: Buffer; type: string | null }>();
  const assets = new Map<string, ArchivedAssetRow>();
  for (const page of changed) {
    blobs.set(page.sha256, { body: page.body, type: null });
    for (const asset of page.assets) assets.set(asset.sha256, asset);
  }
  const stored = await storedHashes(db, [...assets.keys()]);
  for (const [sha256, asset] of assets)
    if (!stored.has(sha256) && !blobs.has(sha256)) blobs.set(sha256, { body: await reader.bytesOf(asset), type: asset.type });
  return { blobs, stored: [...stored] };
}

/**
 * Archives the pending publishes, once across instances: the lease keeps one worker at a time,
 * and each row is marked done with its entry in one transaction that checks it is still pending.
 * Answers the number of entries appended.
 */
export async function archivePending(db: Database, options: ArchiveRunOptions = {}): Promise<number> {
  const capture = options.capture ?? archiveCapture();
  if (!capture) return 0;
  const owner = options.owner ?? INSTANCE;
  // An idle turn reads one index and writes nothing.
  const [pending] = await db.select({ id: archiveOutbox.id }).from(archiveOutbox).where(isNull(archiveOutbox.doneAt)).limit(1);
  if (!pending) {
    // Nothing pending: the ids kept were archived, or their writes rolled back.
    forgetReady();
    return 0;
  }
  if (!(await takeLease(db, owner, options.leaseMs ?? 120_000))) return 0;
  try {
    const ids = await takeable(db, options.settleMs ?? 3_000);
    if (ids.length === 0) return 0;
    const started = performance.now();
    const before = await latestPages(db);
    const reader = assetReader(options.assets ?? archiveAssetSource());
    const { rendered, changed } = await renderChanged(db, capture, reader, before);
    const { blobs, stored } = await blobsOf(db, changed, reader);
    const appended = await append(db, owner, ids, changed, blobs, stored);
    forgetReady(ids);
    logger.info({ entries: appended, rendered, stored: changed.length, ms: Math.round(performance.now() - started) }, "archived");
    return appended;
  } finally {
    await releaseLease(db, owner);
  }
}

async function append(
  db: Database,
  owner: string,
  ids: number[],
  changed: Rendered[],
  blobs: Map<string, { body: Buffer; type: string | null }>,
  stored: readonly string[],
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('archive-chain'))`);
    const [lease] = await tx.select().from(archiveWorker).where(eq(archiveWorker.id, 1)).for("update");
    // The lease ran out and another worker took over: it archives these rows.
    if (lease?.owner !== owner) return 0;
    const rows = await tx
      .select()
      .from(archiveOutbox)
      .where(and(inArray(archiveOutbox.id, ids), isNull(archiveOutbox.doneAt)))
      .orderBy(asc(archiveOutbox.id))
      .for("update");
    if (rows.length === 0) return 0;
    await storeBlobs(tx, blobs, stored);
    const [last] = await tx.select({ hash: archiveEntries.hash }).from(archiveEntries).orderBy(desc(archiveEntries.id)).limit(1);
    let previousHash = last?.hash ?? GENESIS_HASH;
    for (const [index, row] of rows.entries()) {
      const newest = index === rows.length - 1;
      const pages = newest
        ? changed.map(({ path, locale, status, location, sha256, assets }) => ({ path, locale, status, location, sha256, assets }))
        : [];
      const [{ id } = { id: 0 }] = await tx
        .execute(sql`select nextval(pg_get_serial_sequence('archive_entries', 'id'))::int as id`)
        .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
      const entry = {
        id,
        changedAt: row.changedAt.toISOString(),
        kind: row.kind,
        by: row.userEmail,
        releaseId: row.releaseId,
        groupId: row.groupId,
        captured: newest,
        pages,
        format: ENTRY_FORMAT,
        checkpoint: null,
      };
      const hash = entryHash(previousHash, entry);
      await tx.insert(archiveEntries).values({
        id,
        outboxId: row.id,
        changedAt: row.changedAt,
        kind: row.kind,
        userEmail: row.userEmail,
        releaseId: row.releaseId,
        groupId: row.groupId,
        pageCount: pages.length,
        captured: newest,
        previousHash,
        hash,
        format: ENTRY_FORMAT,
      });
      if (pages.length > 0) await tx.insert(archivePages).values(pages.map((page) => ({ ...page, entryId: id })));
      await tx.update(archiveOutbox).set({ entryId: id, doneAt: new Date() }).where(eq(archiveOutbox.id, row.id));
      previousHash = hash;
    }
    return rows.length;
  });
}

let kick: (() => void) | undefined;

/** Lets the archive ask the scheduler for a run now (after this instance's own write). */
export function setArchiveKick(next: (() => void) | undefined) {
  kick = next;
}

export const kickArchive = () => kick?.();

/** The archive's job: soon after start (catching up what a stopped instance left), then every 5 seconds and on each write. */
export function archiveJob(getDb: () => Database, everyMs = 5_000): Job {
  return {
    name: ARCHIVE_JOB,
    everyMs,
    firstAfterMs: 1_000,
    run: () =>
      archivePending(getDb()).catch((error: unknown) => {
        logger.error({ err: error }, "archive run failed; the outbox keeps its rows");
        throw error;
      }),
  };
}
