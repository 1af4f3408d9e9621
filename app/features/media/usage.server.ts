// "Where used": the index of every stored upload a record names, live or staged in a release.
// The record store tells it each write's values in the write's own transaction (records/written.server.ts),
// so it is always current; rebuildUsageIndex makes it again from the records (the index's first
// run on an existing site, and a restored backup).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { mediaFiles, mediaIndexState, mediaUsages, recordTranslations, releaseChanges, releases } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import { parseKey, registeredKinds, tryParseKey, type RecordKey } from "~/features/records/kinds";
import type { WrittenValues } from "~/features/records/written.server";
import type { Database } from "~/platform/db.server";
import { joinKey } from "~/platform/record-key";
import { isDerivedUpload } from "~/features/uploads/upload-url";

const UPLOAD_PATH = /\/uploads\/([A-Za-z0-9_][A-Za-z0-9_.-]{0,200})/g;

/** The stored upload paths (`/uploads/<name>`) a value names anywhere in it (texts, blocks, srcsets). */
export function uploadPathsIn(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (item: unknown) => {
    if (typeof item === "string") {
      if (!item.includes("/uploads/")) return;
      for (const match of item.matchAll(UPLOAD_PATH)) {
        const name = match[1]!.replace(/\.+$/, "");
        if (name && !isDerivedUpload(name) && !name.includes("..")) found.add(`/uploads/${name}`);
      }
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item && typeof item === "object") Object.values(item).forEach(visit);
  };
  visit(value);
  return [...found].sort();
}

type UsageInsert = typeof mediaUsages.$inferInsert;

function rowsFor(key: RecordKey, value: unknown, staged?: { releaseId: number; releaseChangeId: number }): UsageInsert[] {
  return uploadPathsIn(value).map((path) => ({
    path,
    recordKey: key.text,
    recordKind: key.kind,
    locale: key.locale,
    staged: staged !== undefined,
    releaseId: staged?.releaseId ?? null,
    releaseChangeId: staged?.releaseChangeId ?? null,
  }));
}

async function insertRows(executor: Executor, rows: UsageInsert[]) {
  for (let start = 0; start < rows.length; start += 500) await executor.insert(mediaUsages).values(rows.slice(start, start + 500));
}

/** The store's observer: a write's values replace the rows of the records it wrote, live or in its draft. */
export async function recordWrittenUsage(executor: Executor, written: WrittenValues) {
  const keys = written.records.map((record) => record.key.text);
  // The files a row was taken from or given to: whether each is still used is noted after.
  const touched = new Set<string>();
  const note = (rows: { path: string }[]) => rows.forEach((row) => touched.add(row.path));
  if (written.draftId === undefined) {
    if (keys.length > 0)
      note(
        await executor
          .delete(mediaUsages)
          .where(and(inArray(mediaUsages.recordKey, keys), eq(mediaUsages.staged, false)))
          .returning({ path: mediaUsages.path }),
      );
    const rows = written.records.flatMap((record) => rowsFor(record.key, record.value));
    note(rows);
    await insertRows(executor, rows);
    // A publish: what the release staged is live now.
    if (written.releaseId !== undefined)
      note(await executor.delete(mediaUsages).where(eq(mediaUsages.releaseId, written.releaseId)).returning({ path: mediaUsages.path }));
    await noteUnusedSince(executor, [...touched]);
    return;
  }
  const draftId = written.draftId;
  if (keys.length === 0) return;
  note(
    await executor
      .delete(mediaUsages)
      .where(and(eq(mediaUsages.releaseId, draftId), inArray(mediaUsages.recordKey, keys)))
      .returning({ path: mediaUsages.path }),
  );
  // A record brought back to its live value left the draft: only the rows still staged count.
  const changes = await executor
    .select({ id: releaseChanges.id, key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .where(and(eq(releaseChanges.releaseId, draftId), inArray(releaseChanges.key, keys)));
  const rows = changes.flatMap((row) => rowsFor(parseKey(row.key), row.staged, { releaseId: draftId, releaseChangeId: row.id }));
  note(rows);
  await insertRows(executor, rows);
  await noteUnusedSince(executor, [...touched]);
}

/** Whether a catalogued file is used: a row of the index, live or in a release not cancelled. */
export const fileUsedSql = sql`exists (select 1 from ${mediaUsages} left join ${releases} on ${releases.id} = ${mediaUsages.releaseId}
  where ${mediaUsages.path} = '/uploads/' || ${mediaFiles.name} and (${releases.state} is null or ${releases.state} <> 'cancelled'))`;

/**
 * Notes in the catalogue since when each file (of `paths`, `/uploads/<name>`; every file when
 * undefined) has been unused: now for one that has just lost its last use, none for one in use;
 * a file unused before keeps its time.
 */
export async function noteUnusedSince(executor: Executor, paths?: string[]) {
  if (paths && paths.length === 0) return;
  const names = paths?.map((path) => path.slice("/uploads/".length));
  for (let start = 0; start < (names?.length ?? 1); start += 500) {
    const batch = names?.slice(start, start + 500);
    await executor
      .update(mediaFiles)
      .set({ unusedSince: sql`case when ${fileUsedSql} then null else coalesce(${mediaFiles.unusedSince}, now()) end` })
      .where(batch ? inArray(mediaFiles.name, batch) : undefined);
  }
}

/**
 * Makes the index again from the records: every live record of every kind, its values in the
 * other locales (the translations table), and every unpublished release's staged values.
 */
export async function rebuildUsageIndex(executor: Executor) {
  await executor.delete(mediaUsages);
  const rows: UsageInsert[] = [];
  for (const kind of registeredKinds()) {
    for (const [text, value] of await kind.list(executor)) rows.push(...rowsFor(parseKey(text), value));
  }
  for (const translation of await executor.select().from(recordTranslations)) {
    const source = tryParseKey(translation.record);
    if (!source) continue;
    const parts = { prefix: source.prefix, id: source.id, locale: translation.locale };
    rows.push(...rowsFor({ ...source, ...parts, text: joinKey(parts) }, translation.value));
  }
  const staged = await executor
    .select({ id: releaseChanges.id, releaseId: releaseChanges.releaseId, key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .innerJoin(releases, eq(releases.id, releaseChanges.releaseId))
    .where(ne(releases.state, "published"));
  for (const row of staged) rows.push(...rowsFor(parseKey(row.key), row.staged, { releaseId: row.releaseId, releaseChangeId: row.id }));
  await insertRows(executor, rows);
  // Files unused now count as unused from now: when their last use ended is not known.
  await noteUnusedSince(executor);
  await executor
    .insert(mediaIndexState)
    .values({ id: 1, stale: false })
    .onConflictDoUpdate({ target: mediaIndexState.id, set: { stale: false } });
}

/** Marks the index for a rebuild on its next read (a restored backup's records). */
export async function markUsageIndexStale(executor: Executor) {
  await executor
    .insert(mediaIndexState)
    .values({ id: 1, stale: true })
    .onConflictDoUpdate({ target: mediaIndexState.id, set: { stale: true } });
}

/** Rebuilds the index first when it is stale (the migration's first run on an existing site, a restore). */
export async function ensureUsageIndex(db: Database) {
  const [state] = await db.select().from(mediaIndexState).where(eq(mediaIndexState.id, 1));
  if (state && !state.stale) return;
  await db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('media_usages'))`);
    const [current] = await transaction.select().from(mediaIndexState).where(eq(mediaIndexState.id, 1));
    if (current && !current.stale) return;
    await rebuildUsageIndex(transaction);
  });
}

export interface MediaUsage {
  path: string;
  recordKey: string;
  recordKind: string;
  locale: string;
  staged: boolean;
  releaseId: number | null;
  releaseName: string | null;
}

/** Where files are used (every file when `paths` is undefined): live, and staged in releases not cancelled. */
export async function listUsages(db: Database, paths?: string[]): Promise<MediaUsage[]> {
  await ensureUsageIndex(db);
  return usagesIn(db, paths);
}

/** The index's rows as they are (in a transaction that holds it still). */
export async function usagesIn(executor: Executor, paths?: string[]): Promise<MediaUsage[]> {
  if (paths && paths.length === 0) return [];
  const rows = await executor
    .select({
      path: mediaUsages.path,
      recordKey: mediaUsages.recordKey,
      recordKind: mediaUsages.recordKind,
      locale: mediaUsages.locale,
      staged: mediaUsages.staged,
      releaseId: mediaUsages.releaseId,
      releaseName: releases.name,
      releaseState: releases.state,
    })
    .from(mediaUsages)
    .leftJoin(releases, eq(releases.id, mediaUsages.releaseId))
    .where(paths ? inArray(mediaUsages.path, paths) : undefined)
    .orderBy(mediaUsages.path, mediaUsages.staged, mediaUsages.recordKey, mediaUsages.releaseId);
  return rows.filter((row) => row.releaseState !== "cancelled").map(({ releaseState: _state, ...row }) => row);
}
