// An export an auditor can check: page X (or the whole site) between two moments, as one file
// (export-format.js): the pages as served in that time, a manifest naming each version, and the
// chain's entries from its start (or from the retention checkpoint), so the chain is checked from its first entry.
import { gunzipSync } from "node:zlib";
import { and, asc, desc, inArray, isNotNull, lte, or } from "drizzle-orm";
import { archiveBaseline, archiveBlobs, archiveEntries, archivePages } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { chainEntryOf, storedCheckpoint } from "./chain.server";
import { assetFile, EXPORT_FORMAT, MANIFEST_FILE, packExport, pageFile } from "./export-format.js";
import { EXPORT_LIMIT_DAYS } from "./query";

export interface ExportRequest {
  from: Date;
  to: Date;
  /** One page's address; undefined: the whole site. */
  path?: string;
}

type PageRow = Omit<typeof archivePages.$inferSelect, "id">;

/** The versions in force during the range: each address's version at its start, and every one after it until its end. */
function versionsInRange(pages: PageRow[], changedAt: Map<number, Date>, from: Date, path: string | undefined) {
  const byPath = new Map<string, PageRow[]>();
  for (const page of pages) if (path === undefined || page.path === path) byPath.set(page.path, [...(byPath.get(page.path) ?? []), page]);
  const kept: PageRow[] = [];
  for (const versions of byPath.values()) {
    const atStart = versions.filter((page) => changedAt.get(page.entryId)! <= from).at(-1);
    if (atStart) kept.push(atStart);
    kept.push(...versions.filter((page) => changedAt.get(page.entryId)! > from));
  }
  return kept.sort((a, b) => a.entryId - b.entryId || a.path.localeCompare(b.path));
}

/** The chain's entries up to `to`, and on to the one that records the retention checkpoint (the chain's start is checked against it). */
async function chainUntil(db: Database, to: Date) {
  const [recording] = await db
    .select({ id: archiveEntries.id })
    .from(archiveEntries)
    .where(isNotNull(archiveEntries.checkpoint))
    .orderBy(desc(archiveEntries.id))
    .limit(1);
  return db
    .select()
    .from(archiveEntries)
    .where(or(lte(archiveEntries.changedAt, to), lte(archiveEntries.id, recording?.id ?? 0)))
    .orderBy(asc(archiveEntries.id));
}

async function readBlobs(db: Database, hashes: string[]) {
  const blobs = new Map<string, Buffer>();
  for (let at = 0; at < hashes.length; at += 200) {
    const rows = await db
      .select()
      .from(archiveBlobs)
      .where(and(inArray(archiveBlobs.sha256, hashes.slice(at, at + 200))));
    for (const row of rows) blobs.set(row.sha256, gunzipSync(row.gzip));
  }
  return blobs;
}

export async function exportArchive(db: Database, actor: Person, request: ExportRequest) {
  requirePermission(actor, "archive.view");
  const m = messagesOf(adminLanguageOf(actor.language)).archive;
  if (request.to < request.from) throw new Refusal(400, m.exportOrder);
  if (request.to.getTime() - request.from.getTime() > EXPORT_LIMIT_DAYS * 86_400_000)
    throw new Refusal(400, m.exportTooLong({ days: EXPORT_LIMIT_DAYS }));
  const entries = await chainUntil(db, request.to);
  if (entries.length === 0) throw new Refusal(404, m.empty);
  const pages = await db
    .select()
    .from(archivePages)
    .where(
      inArray(
        archivePages.entryId,
        entries.map((entry) => entry.id),
      ),
    )
    .orderBy(asc(archivePages.entryId), asc(archivePages.path));
  const changedAt = new Map(entries.map((entry) => [entry.id, entry.changedAt]));
  // The pages in force at the retention checkpoint's cutoff come first: published before any kept entry.
  const baseline = await db.select().from(archiveBaseline);
  for (const page of baseline) changedAt.set(page.entryId, page.since);
  const versions = versionsInRange(
    [...baseline.map(({ since: _since, ...page }) => page), ...pages],
    changedAt,
    request.from,
    request.path,
  );
  if (request.path !== undefined && versions.length === 0) throw new Refusal(404, m.notArchived);
  const hashes = [...new Set(versions.map((page) => page.sha256))];
  const assetHashes = [...new Set(versions.flatMap((page) => page.assets.map((asset) => asset.sha256)))].filter(
    (hash) => !hashes.includes(hash),
  );
  const blobs = await readBlobs(db, [...hashes, ...assetHashes]);
  const pagesOf = new Map<number, PageRow[]>();
  for (const page of pages) pagesOf.set(page.entryId, [...(pagesOf.get(page.entryId) ?? []), page]);
  const chain = entries.map((entry) => ({
    ...chainEntryOf(entry, pagesOf.get(entry.id) ?? []),
    previousHash: entry.previousHash,
    hash: entry.hash,
  }));
  const manifest = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    exportedBy: actor.email,
    range: { from: request.from.toISOString(), to: request.to.toISOString() },
    path: request.path ?? null,
    versions: versions.map((page) => ({
      path: page.path,
      locale: page.locale,
      status: page.status,
      location: page.location,
      since: changedAt.get(page.entryId)!.toISOString(),
      entryId: page.entryId,
      file: pageFile(page.sha256),
      assets: page.assets.map((asset) => ({ ...asset, file: assetFile(asset.sha256) })),
    })),
    files: [...hashes.map(pageFile), ...assetHashes.map(assetFile)],
    checkpoint: (await storedCheckpoint(db)) ?? null,
    entries: chain,
    lastHash: chain.at(-1)!.hash,
  };
  const files: [string, Buffer][] = [
    [MANIFEST_FILE, Buffer.from(JSON.stringify(manifest, null, 2))],
    ...hashes.map((hash): [string, Buffer] => [pageFile(hash), blobs.get(hash) ?? Buffer.alloc(0)]),
    ...assetHashes.map((hash): [string, Buffer] => [assetFile(hash), blobs.get(hash) ?? Buffer.alloc(0)]),
  ];
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const scope = request.path === undefined ? "site" : request.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  return { fileName: `archive-${scope}-${day(request.from)}-${day(request.to)}.tar.gz`, bytes: packExport(files) };
}
