// The stored chain read back and checked: every entry's hash recomputed from its fields, its
// pages and the previous entry's hash (from the retention checkpoint when entries were removed),
// and every page's and asset's bytes from their stored copy.
import { gunzipSync } from "node:zlib";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { archiveBaseline, archiveBlobs, archiveCheckpoints, archiveEntries, archivePages } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import { checkpointHash, entryHash, GENESIS_HASH, sha256Hex } from "./format.js";

export type StoredEntry = typeof archiveEntries.$inferSelect;
type StoredPage = Pick<typeof archivePages.$inferSelect, "path" | "locale" | "status" | "location" | "sha256" | "assets">;

const pageOf = ({ path, locale, status, location, sha256, assets }: StoredPage, format: number) =>
  format >= 2 ? { path, locale, status, location, sha256, assets } : { path, locale, status, location, sha256 };

/** The fields an entry's hash commits to (format.js), from its stored row and pages. */
export function chainEntryOf(entry: StoredEntry, pages: StoredPage[]) {
  return {
    id: entry.id,
    changedAt: entry.changedAt.toISOString(),
    kind: entry.kind,
    by: entry.userEmail,
    releaseId: entry.releaseId,
    groupId: entry.groupId,
    captured: entry.captured,
    pages: pages.map((page) => pageOf(page, entry.format)),
    ...(entry.format >= 2 ? { format: entry.format, checkpoint: entry.checkpoint } : {}),
  };
}

/** The newest retention checkpoint with its pages (format.js's checkpoint), or undefined when nothing was removed. */
export async function storedCheckpoint(db: Executor) {
  const [row] = await db.select().from(archiveCheckpoints).orderBy(desc(archiveCheckpoints.id)).limit(1);
  if (!row) return undefined;
  const pages = await db.select().from(archiveBaseline).orderBy(asc(archiveBaseline.path));
  return {
    cutoff: row.cutoff.toISOString(),
    throughEntryId: row.throughEntryId,
    lastRemovedHash: row.lastRemovedHash,
    pages: pages.map(({ path, locale, status, location, sha256, assets, since, entryId }) => ({
      path,
      locale,
      status,
      location,
      sha256,
      assets,
      since: since.toISOString(),
      entryId,
    })),
    hash: row.hash,
  };
}

/** The first page or asset whose stored bytes are missing or do not hash to their name. */
async function alteredBytes(db: Executor, pages: StoredPage[]) {
  const wanted = new Map<string, string>();
  for (const page of pages) {
    wanted.set(page.sha256, page.path);
    for (const asset of page.assets ?? []) wanted.set(asset.sha256, `${page.path}'s ${asset.url}`);
  }
  if (wanted.size === 0) return undefined;
  const blobs = await db
    .select()
    .from(archiveBlobs)
    .where(inArray(archiveBlobs.sha256, [...wanted.keys()]));
  const byHash = new Map(blobs.map((blob) => [blob.sha256, blob]));
  for (const [sha256, what] of wanted) {
    const blob = byHash.get(sha256);
    if (!blob || sha256Hex(gunzipSync(blob.gzip)) !== sha256) return what;
  }
  return undefined;
}

/** The first problem found, in the chain's order; undefined when every entry and byte checks. */
export async function verifyStoredChain(db: Executor): Promise<string | undefined> {
  const entries = await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
  const checkpoint = await storedCheckpoint(db);
  let previous = GENESIS_HASH;
  if (checkpoint) {
    if (checkpointHash(checkpoint) !== checkpoint.hash) return "the retention checkpoint does not match its contents";
    if (!entries.some((entry) => entry.checkpoint === checkpoint.hash)) return "no entry of the chain records the retention checkpoint";
    const altered = await alteredBytes(db, checkpoint.pages);
    if (altered) return `the retention checkpoint: the bytes of ${altered} were altered`;
    previous = checkpoint.lastRemovedHash;
  }
  for (const entry of entries) {
    const pages = await db.select().from(archivePages).where(eq(archivePages.entryId, entry.id));
    if (entry.previousHash !== previous) return `entry ${entry.id}: does not follow the entry before it`;
    if (entryHash(previous, chainEntryOf(entry, pages)) !== entry.hash) return `entry ${entry.id}: its hash does not match its contents`;
    const altered = await alteredBytes(db, pages);
    if (altered) return `entry ${entry.id}: the bytes of ${altered} were altered`;
    previous = entry.hash;
  }
  return undefined;
}
