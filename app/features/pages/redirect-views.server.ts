import { latestVersions } from "~/features/history/revisions.server";
import type { Database } from "~/platform/db.server";
import type { RedirectView } from "./editor-contract";
import { flushRedirectHits } from "./public-index.server";
import { listRedirects } from "./redirects.server";
import { redirectKey } from "./snapshot.server";

/** Every redirect with its hit count (the hits counted in memory added first) and version. */
export async function listRedirectViews(db: Database): Promise<RedirectView[]> {
  await flushRedirectHits(db);
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
