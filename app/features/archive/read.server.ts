// The archive read back: when it began, the page an address served at a moment, and a page's
// versions. Each function takes the one asking and checks `archive.view` itself.
import { gunzipSync } from "node:zlib";
import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import {
  archiveBaseline,
  archiveBlobs,
  archiveCheckpoints,
  archiveEntries,
  archiveOutbox,
  archivePages,
  type ArchivedAssetRow,
} from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { CHECKPOINT_VERSION_KIND, type PageVersion } from "./query";

/**
 * When the archive began: its first captured entry's moment (undefined: nothing archived yet);
 * once retention removed old entries, the cutoff of its newest checkpoint.
 */
export async function archiveBegan(db: Database): Promise<Date | undefined> {
  const [checkpoint] = await db
    .select({ cutoff: archiveCheckpoints.cutoff })
    .from(archiveCheckpoints)
    .orderBy(desc(archiveCheckpoints.id))
    .limit(1);
  if (checkpoint) return checkpoint.cutoff;
  const [first] = await db
    .select({ at: archiveEntries.changedAt })
    .from(archiveEntries)
    .where(eq(archiveEntries.captured, true))
    .orderBy(asc(archiveEntries.id))
    .limit(1);
  return first?.at;
}

/** Every address the archive holds, in order. */
export async function archivedPaths(db: Database): Promise<string[]> {
  const [rows, baseline] = await Promise.all([
    db.selectDistinct({ path: archivePages.path }).from(archivePages),
    db.select({ path: archiveBaseline.path }).from(archiveBaseline),
  ]);
  return [...new Set([...rows, ...baseline].map((row) => row.path))].sort();
}

export const formatMoment = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export interface ArchivedAnswer {
  path: string;
  status: number;
  location: string | null;
  sha256: string;
  body: Buffer;
  /** The stylesheets and images it referenced, as archived with it. */
  assets: ArchivedAssetRow[];
  /** The entry whose publish left this version, and when it was. */
  entryId: number;
  since: Date;
}

/**
 * What the address served at the moment: its newest version archived by a publish at or before
 * it. Refused with the reason: nothing archived yet or a moment before the archive began (says
 * when it began), a moment in the future, an address the archive does not hold.
 */
export async function pageAsOf(db: Database, actor: Person, path: string, at: Date): Promise<ArchivedAnswer> {
  requirePermission(actor, "archive.view");
  const m = messagesOf(adminLanguageOf(actor.language)).archive;
  if (at.getTime() > Date.now() + 60_000) throw new Refusal(400, m.future);
  const began = await archiveBegan(db);
  if (!began) throw new Refusal(404, m.empty);
  if (at < began) throw new Refusal(400, m.beforeStart({ at: formatMoment(began) }));
  const [row] = await db
    .select({
      path: archivePages.path,
      status: archivePages.status,
      location: archivePages.location,
      sha256: archivePages.sha256,
      assets: archivePages.assets,
      entryId: archiveEntries.id,
      since: archiveEntries.changedAt,
      gzip: archiveBlobs.gzip,
    })
    .from(archivePages)
    .innerJoin(archiveEntries, eq(archiveEntries.id, archivePages.entryId))
    .innerJoin(archiveBlobs, eq(archiveBlobs.sha256, archivePages.sha256))
    .where(and(eq(archivePages.path, path), lte(archiveEntries.changedAt, at)))
    .orderBy(desc(archiveEntries.id))
    .limit(1);
  // No kept entry at or before the moment: the version in force at the retention checkpoint's cutoff.
  const kept = row ?? (await baselineVersion(db, path));
  if (!kept) throw new Refusal(404, m.notArchived);
  const { gzip, ...answer } = kept;
  return { ...answer, body: gunzipSync(gzip) };
}

async function baselineVersion(db: Database, path: string) {
  const [row] = await db
    .select({
      path: archiveBaseline.path,
      status: archiveBaseline.status,
      location: archiveBaseline.location,
      sha256: archiveBaseline.sha256,
      assets: archiveBaseline.assets,
      entryId: archiveBaseline.entryId,
      since: archiveBaseline.since,
      gzip: archiveBlobs.gzip,
    })
    .from(archiveBaseline)
    .innerJoin(archiveBlobs, eq(archiveBlobs.sha256, archiveBaseline.sha256))
    .where(eq(archiveBaseline.path, path));
  return row;
}

/** An archived asset's bytes and type (an asset, not a page: a page's HTML is never served here). */
export async function archivedAsset(db: Database, actor: Person, sha256: string) {
  requirePermission(actor, "archive.view");
  const [row] = await db
    .select({ type: archiveBlobs.contentType, gzip: archiveBlobs.gzip })
    .from(archiveBlobs)
    .where(and(eq(archiveBlobs.sha256, sha256), isNotNull(archiveBlobs.contentType)));
  return row && { type: row.type!, body: gunzipSync(row.gzip) };
}

/** A page's versions, newest first: each publish that changed what the address served. */
export async function pageTimeline(db: Database, actor: Person, path: string, limit = 200): Promise<PageVersion[]> {
  requirePermission(actor, "archive.view");
  const rows = await db
    .select({
      entryId: archiveEntries.id,
      at: archiveEntries.changedAt,
      kind: archiveEntries.kind,
      by: archiveEntries.userEmail,
      userId: archiveOutbox.userId,
      releaseId: archiveEntries.releaseId,
      groupId: archiveEntries.groupId,
      status: archivePages.status,
      sha256: archivePages.sha256,
    })
    .from(archivePages)
    .innerJoin(archiveEntries, eq(archiveEntries.id, archivePages.entryId))
    .leftJoin(archiveOutbox, eq(archiveOutbox.id, archiveEntries.outboxId))
    .where(eq(archivePages.path, path))
    .orderBy(desc(archiveEntries.id))
    .limit(limit);
  const versions: PageVersion[] = rows.map((row) => ({ ...row, at: row.at.toISOString(), keptByCheckpoint: null }));
  // Reaching back to the cutoff: its earliest version is the one the retention checkpoint keeps.
  const kept = versions.length < limit ? await checkpointVersion(db, path) : undefined;
  return kept ? [...versions, kept] : versions;
}

/** The address's version in force at the newest retention checkpoint's cutoff, as the timeline lists it. */
async function checkpointVersion(db: Database, path: string): Promise<PageVersion | undefined> {
  const [row] = await db
    .select({
      entryId: archiveBaseline.entryId,
      since: archiveBaseline.since,
      status: archiveBaseline.status,
      sha256: archiveBaseline.sha256,
    })
    .from(archiveBaseline)
    .where(eq(archiveBaseline.path, path));
  const cutoff = row && (await archiveBegan(db));
  if (!row || !cutoff) return undefined;
  return {
    entryId: row.entryId,
    at: row.since.toISOString(),
    kind: CHECKPOINT_VERSION_KIND,
    by: null,
    userId: null,
    releaseId: null,
    groupId: null,
    status: row.status,
    sha256: row.sha256,
    keptByCheckpoint: cutoff.toISOString(),
  };
}

/** How many publishes the archive holds (every entry, captured or not). */
export async function entryCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(archiveEntries);
  return row?.n ?? 0;
}
