// A legal page's or the fees' earlier versions as the archive served them, for visitors (issue 46,
// item 4). Read-only, and without a person: the caller names the document's address itself (never
// one a visitor typed) and the records that make its text. A version begins with a publish that
// changed one of those records (or one that named none: unknown, it may have) and ends with the next.
import { gunzipSync } from "node:zlib";
import { and, asc, desc, eq, gte, lt, notInArray, or } from "drizzle-orm";
import { archiveBlobs, archiveEntries, archiveOutbox, archivePages } from "~/db/schema";
import type { Database } from "~/platform/db.server";

export interface DocumentVersion {
  /** The archive entry whose stored page is the version's last form (what visitors were served at its end). */
  entryId: number;
  from: Date;
  to: Date;
}

/**
 * The versions before the current one, newest first. `ignoredKinds`: changes that did not change
 * what the document says (a coming version announced on its page). `until`: the current version
 * ends then too (a preview of the next one, which begins then), as the archive stores it now.
 */
export async function documentVersions(
  db: Database,
  path: string,
  isTextKey: (key: string) => boolean,
  ignoredKinds: readonly string[] = [],
  until?: Date,
): Promise<DocumentVersion[]> {
  const [first] = await db
    .select({ entryId: archivePages.entryId })
    .from(archivePages)
    .where(eq(archivePages.path, path))
    .orderBy(asc(archivePages.entryId))
    .limit(1);
  if (!first) return [];
  const entries = await db
    .select({ id: archiveEntries.id, at: archiveEntries.changedAt, records: archiveOutbox.records })
    .from(archiveEntries)
    .innerJoin(archiveOutbox, eq(archiveOutbox.id, archiveEntries.outboxId))
    // The address's first stored entry begins its first version, whatever its kind.
    .where(
      and(
        gte(archiveEntries.id, first.entryId),
        or(eq(archiveEntries.id, first.entryId), notInArray(archiveEntries.kind, ["", ...ignoredKinds])),
      ),
    )
    .orderBy(asc(archiveEntries.id));
  const starts = entries.filter((entry, index) => index === 0 || entry.records === null || entry.records.some(isTextKey));
  const versions: DocumentVersion[] = [];
  for (let index = 0; index < starts.length - 1; index += 1) {
    const next = starts[index + 1]!;
    const page = await pageBefore(db, path, next.id);
    if (page) versions.push({ entryId: page.entryId, from: starts[index]!.at, to: next.at });
  }
  const current = starts.at(-1);
  if (until && current) {
    const page = await pageBefore(db, path);
    if (page) versions.push({ entryId: page.entryId, from: current.at, to: until });
  }
  return versions.reverse();
}

/** The bytes the address served as one entry stored them; undefined when that entry holds no such page. */
export async function archivedDocumentPage(db: Database, path: string, entryId: number) {
  const [row] = await db
    .select({ status: archivePages.status, gzip: archiveBlobs.gzip, sha256: archivePages.sha256 })
    .from(archivePages)
    .innerJoin(archiveBlobs, eq(archiveBlobs.sha256, archivePages.sha256))
    .where(and(eq(archivePages.path, path), eq(archivePages.entryId, entryId)));
  if (!row || row.status !== 200) return undefined;
  return { html: gunzipSync(row.gzip).toString("utf8"), sha256: row.sha256 };
}

/** The address's newest stored page before an entry (or of all), as one version serves it. */
async function pageBefore(db: Database, path: string, beforeEntry?: number) {
  const [page] = await db
    .select({ entryId: archivePages.entryId })
    .from(archivePages)
    .where(
      beforeEntry === undefined ? eq(archivePages.path, path) : and(eq(archivePages.path, path), lt(archivePages.entryId, beforeEntry)),
    )
    .orderBy(desc(archivePages.entryId))
    .limit(1);
  return page;
}
