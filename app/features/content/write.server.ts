// Page content rows through the record store's one pipeline: a writer says what the row becomes
// (its value), the store writes it live or stages it, with its revision and log line.
import type { Database } from "~/platform/db.server";
import type { Actor, RevisionAction } from "~/features/records/revisions.server";
import { writeRecords, type WriteContext } from "~/features/records/write.server";
import { contentRecordKey } from "./records.server";
import type { ContentSnapshot } from "./internal/snapshots.server";

export { contentArea } from "./records.server";

export interface ContentWrite {
  page: string;
  section: string;
  actor: Actor;
  /** The version the editor was opened with; undefined skips the check. */
  version?: number;
  action: RevisionAction;
  /**
   * What the row becomes, given what it is (null: missing), as the write's target leaves it:
   * the new value, null to delete it, or false when there is nothing to write.
   */
  change: (
    before: ContentSnapshot | null,
    context: WriteContext,
  ) => ContentSnapshot | null | false | Promise<ContentSnapshot | null | false>;
}

/** A new row's value. */
export const newContentRow = (
  page: string,
  section: string,
  contentType: ContentSnapshot["contentType"],
  contentValue: string,
  more: Partial<Pick<ContentSnapshot, "richContent" | "pageUrl">> = {},
): ContentSnapshot => ({ pageName: page, sectionName: section, contentType, contentValue, richContent: null, pageUrl: null, ...more });

/**
 * Writes one page content row: its value and its revision (both or neither), then the caches
 * read the next version before this answers; with a release open, staged into it instead.
 * Answers the row's value now (null: deleted), or false when there was nothing to write.
 */
export async function writeContentRow(db: Database, write: ContentWrite): Promise<ContentSnapshot | null | false> {
  const key = contentRecordKey(write.page, write.section);
  const outcome = await writeRecords(db, {
    actor: write.actor,
    action: write.action,
    key,
    version: write.version,
    async plan(context, before) {
      const after = await write.change(before as ContentSnapshot | null, context);
      if (after === false) return false;
      return { result: after, changes: [{ key, after }] };
    },
  });
  return outcome === false ? false : outcome.result;
}
