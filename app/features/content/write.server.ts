import { and, eq, getTableName } from "drizzle-orm";
import { pageContent, type PageContentRow } from "~/db/schema";
import { isLegalPageRow } from "~/features/content/schema";
import { notifyContentChanged } from "./read.server";
import type { Database } from "~/platform/db.server";
import { runWrite } from "~/features/releases/staging.server";
import {
  checkVersion,
  contentKey,
  contentSnapshot,
  lockKey,
  recordRevision,
  type Actor,
  type Executor,
  type RevisionAction,
} from "~/features/history/revisions.server";

/** The dashboard area a page content row belongs to, as the history and the log name it. */
export function contentArea(page: string, section: string) {
  if (page === "global") return "settings";
  if (page === "fees") return "fees";
  if (isLegalPageRow(page, section)) return "legal";
  if (section === "page_url") return "page-links";
  return "content";
}

export interface ContentWrite {
  page: string;
  section: string;
  actor: Actor;
  /** The version the editor was opened with; undefined skips the check. */
  version?: number;
  action: RevisionAction;
  /**
   * Makes the write inside the transaction; answers the row as it is now (undefined when it
   * was deleted), or false when there was nothing to write.
   */
  change: (transaction: Executor, before: PageContentRow | undefined) => Promise<PageContentRow | undefined | false>;
}

export const selectContentRow = async (executor: Executor, page: string, section: string) =>
  (
    await executor
      .select()
      .from(pageContent)
      .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
  )[0];

/**
 * Writes one page content row and its revision in one transaction (both or neither), then
 * invalidates cached reads before the caller answers. False when there was nothing to write.
 */
export async function writeContentRow(db: Database, write: ContentWrite): Promise<PageContentRow | undefined | false> {
  const key = contentKey(write.page, write.section);
  // With a release open the write is staged into it instead (nothing goes live, no cache clear).
  const { result, staged } = await runWrite(db, write.actor, async (transaction) => {
    await lockKey(transaction, key);
    const before = await selectContentRow(transaction, write.page, write.section);
    await checkVersion(transaction, key, write.version, before?.contentValue ?? null);
    const after = await write.change(transaction, before);
    if (after === false) return false;
    await recordRevision(transaction, {
      key,
      area: contentArea(write.page, write.section),
      action: write.action,
      before: contentSnapshot(before),
      after: contentSnapshot(after),
      actor: write.actor,
    });
    return after;
  });
  if (result !== false && !staged) await notifyContentChanged(db, [getTableName(pageContent)]);
  return result;
}
