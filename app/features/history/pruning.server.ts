import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";

export interface Retention {
  /** The newest revisions kept per key, whatever their age. */
  keep: number;
  /** Revisions younger than this many days are kept, however many there are. */
  days: number;
}

/** Rows deleted per statement: short statements never hold a save up for long. */
const BATCH = 2000;

/**
 * Deletes revisions that are both older than `days` and beyond the newest `keep` of their key.
 * The newest revision of a key is always kept (`keep` ≥ 1), so every card keeps its version.
 * Returns how many were deleted.
 */
export async function pruneRevisions(db: Database, retention: Retention, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retention.days * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from content_revisions where id in (
        select id from (
          select id, created_at, row_number() over (partition by key order by id desc) as position
          from content_revisions
          where key in (select distinct key from content_revisions where created_at < ${cutoff})
        ) ranked
        where position > ${retention.keep} and created_at < ${cutoff}
        limit ${BATCH}
      )`);
    const deleted =
      (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Pruning as a background job: shortly after start, then every `everyMs`; saves never wait for it. */
export function historyPruningJob(getDb: () => Database, retention: Retention, everyMs = 60 * 60 * 1000): Job {
  return {
    name: "history-pruning",
    everyMs,
    firstAfterMs: 30_000,
    run: async () => {
      const deleted = await pruneRevisions(getDb(), retention);
      if (deleted > 0) logger.info({ deleted }, "old content revisions pruned");
    },
  };
}
