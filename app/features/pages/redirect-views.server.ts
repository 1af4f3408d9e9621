import { latestVersions, type Executor } from "~/features/records/revisions.server";
import type { RedirectView } from "./editor-contract";
import { listAsDrafted } from "~/features/records/read.server";
import { stagedIdsOf } from "./editor.server";
import { listRedirects } from "./redirects.server";
import { redirectKey, type RedirectSnapshot } from "./internal/records.server";

/**
 * Every redirect with its hit count and version. Flush the hits counted in memory first
 * (flushRedirectHits) for counts that include the last moments.
 */
export async function listRedirectViews(db: Executor): Promise<RedirectView[]> {
  const rows = await listRedirects(db);
  const versions = await latestVersions(
    db,
    rows.map((row) => redirectKey(row.id)),
  );
  return rows.map((row) => ({
    id: row.id,
    fromPath: row.fromPath,
    toPath: row.toPath,
    status: row.status,
    automatic: row.automatic,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    version: versions[redirectKey(row.id)] ?? 0,
  }));
}

/**
 * The redirects as the administrator's open release leaves them (the store's one overlay), the
 * staged ones marked, and the live ones it deletes named apart.
 */
export async function redirectsAsDrafted(db: Executor, userId: string) {
  const live = await listRedirectViews(db);
  const { draftId, ids: stagedIds } = await stagedIdsOf(db, userId, "redirect");
  if (draftId === undefined) return { redirects: live, stagedIds, removedInRelease: [] };
  const records = [...(await listAsDrafted(db, "redirect", draftId)).values()] as RedirectSnapshot[];
  const byId = new Map(live.map((row) => [row.id, row]));
  const redirects: RedirectView[] = records
    .map((record) => {
      const stored = byId.get(record.id);
      return { ...record, hits: stored?.hits ?? 0, lastHitAt: stored?.lastHitAt ?? null, version: stored?.version ?? 0 };
    })
    .sort((a, b) => (a.fromPath < b.fromPath ? -1 : a.fromPath > b.fromPath ? 1 : 0));
  const removedInRelease = live
    .filter((row) => stagedIds.includes(row.id) && !redirects.some((kept) => kept.id === row.id))
    .map(({ id, fromPath, toPath }) => ({ id, fromPath, toPath }));
  return { redirects, stagedIds, removedInRelease };
}
