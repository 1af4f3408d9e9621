// The one way a landing page or a redirect is written, shaped like writeContentRow: lock the
// key, check the version, change inside a transaction, record a revision (and its activity
// event) per key changed, then refresh the address index and clear every instance's caches.
import type { Database } from "~/platform/db.server";
import { notifyContentChanged } from "~/features/content/read.server";
import { checkVersion, lockKey, recordRevision, type Actor, type Executor, type RevisionAction } from "~/features/history/revisions.server";
import { runWrite } from "~/features/releases/staging.server";
import { refreshPublicIndex } from "./public-index.server";
import { readRecordSnapshot } from "./snapshot.server";

/** A write refused for a reason the editor shows: a message and the fields it concerns. */
export class PageWriteError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string[] | undefined>,
  ) {
    super(message);
  }
}

/** Another key the same write changed (a redirect made or re-aimed by a page's rename). */
export interface SideChange {
  key: string;
  action: RevisionAction;
  before: unknown;
  after: unknown;
}

export interface RecordWrite<T> {
  /** `page:<id>` or `redirect:<id>`; a function of the change's answer for a new record. */
  key: string | ((result: T) => string);
  area: "pages" | "redirects";
  actor: Actor;
  version?: number;
  action: RevisionAction;
  /** Makes the change; answers its result and what else it changed, or false for nothing to write. */
  change: (transaction: Executor, before: unknown) => Promise<{ result: T; sideChanges?: SideChange[] } | false>;
}

/** Every address-changing write takes this lock too, so two cannot both claim one address. */
const ADDRESSES_LOCK = "landing-addresses";

/**
 * With a release open the write is staged into it (runWrite): nothing goes live, the address
 * index and the caches stay as they are until the release is published.
 */
export async function writeRecord<T>(db: Database, write: RecordWrite<T>): Promise<T | false> {
  const { result: outcome, staged } = await runWrite(db, write.actor, async (transaction) => {
    await lockKey(transaction, ADDRESSES_LOCK);
    const knownKey = typeof write.key === "string" ? write.key : undefined;
    let before: unknown = null;
    if (knownKey) {
      await lockKey(transaction, knownKey);
      before = await readRecordSnapshot(transaction, knownKey);
      await checkVersion(transaction, knownKey, write.version, before);
    }
    const changed = await write.change(transaction, before);
    if (changed === false) return false;
    const key = knownKey ?? (write.key as (result: T) => string)(changed.result);
    await recordRevision(transaction, {
      key,
      area: write.area,
      action: write.action,
      before,
      after: await readRecordSnapshot(transaction, key),
      actor: write.actor,
    });
    for (const side of changed.sideChanges ?? []) {
      await recordRevision(transaction, { ...side, area: "redirects", actor: write.actor });
    }
    return { value: changed.result };
  });
  if (outcome === false) return false;
  if (staged) return outcome.value;
  await refreshPublicIndex(db);
  await notifyContentChanged(db);
  return outcome.value;
}
