// The stored chain read back and checked: every entry's hash recomputed from its fields, its
// pages and the previous entry's hash, and every page's bytes from their stored copy.
import { gunzipSync } from "node:zlib";
import { asc, eq, inArray } from "drizzle-orm";
import { archiveBlobs, archiveEntries, archivePages } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import { entryHash, GENESIS_HASH, sha256Hex } from "./format.js";

export type StoredEntry = typeof archiveEntries.$inferSelect;

/** The fields an entry's hash commits to (format.js), from its stored row and pages. */
export function chainEntryOf(entry: StoredEntry, pages: (typeof archivePages.$inferSelect)[]) {
  return {
    id: entry.id,
    changedAt: entry.changedAt.toISOString(),
    kind: entry.kind,
    by: entry.userEmail,
    releaseId: entry.releaseId,
    groupId: entry.groupId,
    captured: entry.captured,
    pages: pages.map(({ path, locale, status, location, sha256 }) => ({ path, locale, status, location, sha256 })),
  };
}

/** The first problem found, in the chain's order; undefined when every entry and byte checks. */
export async function verifyStoredChain(db: Executor): Promise<string | undefined> {
  const entries = await db.select().from(archiveEntries).orderBy(asc(archiveEntries.id));
  let previous = GENESIS_HASH;
  for (const entry of entries) {
    const pages = await db.select().from(archivePages).where(eq(archivePages.entryId, entry.id));
    if (entry.previousHash !== previous) return `entry ${entry.id}: does not follow the entry before it`;
    if (entryHash(previous, chainEntryOf(entry, pages)) !== entry.hash) return `entry ${entry.id}: its hash does not match its contents`;
    if (pages.length > 0) {
      const blobs = await db
        .select()
        .from(archiveBlobs)
        .where(
          inArray(
            archiveBlobs.sha256,
            pages.map((page) => page.sha256),
          ),
        );
      const byHash = new Map(blobs.map((blob) => [blob.sha256, blob]));
      for (const page of pages) {
        const blob = byHash.get(page.sha256);
        if (!blob || sha256Hex(gunzipSync(blob.gzip)) !== page.sha256) return `entry ${entry.id}: the bytes of ${page.path} were altered`;
      }
    }
    previous = entry.hash;
  }
  return undefined;
}
