// Redirect hit counts: counted in memory as redirects are answered (public-index.server.ts) and
// added to the rows in the background.
import { sql } from "drizzle-orm";
import { redirects } from "~/db/schema";
import type { Database } from "~/platform/db.server";

// Hits are counted in memory and added to the rows in the background: a redirect costs no write.
const pendingHits = new Map<number, { count: number; last: Date }>();

export function countHit(id: number) {
  const pending = pendingHits.get(id);
  if (pending) {
    pending.count += 1;
    pending.last = new Date();
  } else pendingHits.set(id, { count: 1, last: new Date() });
}

/** Adds the hits counted since the last flush to their redirects. */
export async function flushRedirectHits(db: Database) {
  if (pendingHits.size === 0) return;
  const batch = [...pendingHits.entries()];
  pendingHits.clear();
  for (const [id, { count, last }] of batch) {
    await db.execute(
      sql`update ${redirects} set hits = hits + ${count}, last_hit_at = greatest(coalesce(last_hit_at, ${last.toISOString()}::timestamptz), ${last.toISOString()}::timestamptz) where id = ${id}`,
    );
  }
}
