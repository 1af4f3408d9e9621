// Landing pages and redirects through the record store's one pipeline: a writer says what the
// page or redirect becomes (and any other redirect the same write changes), the store writes it
// live or stages it. Every address-changing write takes one lock, so two cannot claim one address.
import type { Database } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { RecordKey } from "~/features/records/kinds";
import type { Actor, RevisionAction } from "~/features/records/revisions.server";
import { writeRecords, type PlannedChange, type WriteContext } from "~/features/records/write.server";
import { refreshPublicIndex } from "../public-index.server";

/** A write refused for a reason the editor shows: a message and the fields it concerns. */
export class PageWriteError extends Refusal {
  constructor(message: string, status: number, fieldErrors?: Record<string, string[] | undefined>) {
    super(status, message, { fieldErrors });
  }
}

/** Another record the same write changed (a redirect made or re-aimed by a page's rename). */
export type SideChange = PlannedChange;

export interface RecordWrite<T> {
  /** The page or redirect written; a function of its new value for a new record. */
  key: RecordKey | ((after: { id: number }) => RecordKey);
  actor: Actor;
  version?: number;
  action: RevisionAction;
  /** What the record becomes (null: removed) and what else changes; false for nothing to write. */
  change: (
    context: WriteContext,
    before: unknown,
  ) => Promise<{ result: T; after: { id: number } | null; sideChanges?: SideChange[] } | false>;
}

export const ADDRESSES_LOCK = "landing-addresses";

/** Writes a page or a redirect; with a release open, staged into it (nothing goes live, the address index stays). */
export async function writeRecord<T>(db: Database, write: RecordWrite<T>): Promise<T | false> {
  const known = typeof write.key === "function" ? undefined : write.key;
  const outcome = await writeRecords(db, {
    actor: write.actor,
    action: write.action,
    key: known,
    version: write.version,
    locks: [ADDRESSES_LOCK],
    async plan(context, before) {
      const changed = await write.change(context, before);
      if (changed === false) return false;
      const key = known ?? (write.key as (after: { id: number }) => RecordKey)(changed.after!);
      const sides = (changed.sideChanges ?? []).map((side) => ({ ...side, action: side.action ?? "update" }));
      return { result: changed.result, changes: [{ key, after: changed.after }, ...sides] };
    },
  });
  if (outcome === false) return false;
  if (!outcome.staged) await refreshPublicIndex(db);
  return outcome.result;
}
