import { latestVersions, type Executor } from "~/features/history/revisions.server";
import type { RedirectView } from "./editor-contract";
import { listRedirects } from "./redirects.server";
import { redirectKey } from "./snapshot.server";

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
