import type { Database } from "~/platform/db.server";
import { kindOf, type RecordKey } from "./kinds";
import { getRevision, type Actor } from "./revisions.server";
import { writeRecords } from "./write.server";

/** What a revision set: the value after it, or for a deletion the value it removed. */
export const restorableValue = (revision: { before: unknown; after: unknown }) => revision.after ?? revision.before;

/** Puts a record back to a value, as a new revision ('restore'), by the kind's own rules when it has them. */
export async function restoreValue(db: Database, key: RecordKey, value: unknown, actor: Actor, version?: number) {
  const kind = kindOf(key);
  if (kind.restore) return kind.restore(db, key, value, actor, version);
  await writeRecords(db, {
    actor,
    action: "restore",
    key,
    version,
    plan: async () => ({ result: true, changes: [{ key, after: value }] }),
  });
}

/** Puts a record back to the value one of its revisions recorded. False when that revision is not the record's. */
export async function restoreRevision(db: Database, key: RecordKey, revisionId: number, actor: Actor, version?: number) {
  const revision = await getRevision(db, revisionId, key.text);
  if (!revision) return false;
  await restoreValue(db, key, restorableValue(revision), actor, version);
  return true;
}
