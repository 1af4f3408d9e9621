import type { RecordKey } from "~/features/records/kinds";
import { restoreRecord } from "./restore.server";
import { registerPageRecordKinds } from "./internal/records.server";

/** Registers landing pages and redirects with the store, with their restore rules (an address must still be free). */
export function registerPageKinds() {
  registerPageRecordKinds((db, key: RecordKey, value, actor, version) =>
    restoreRecord(db, key.text, value, actor, version).then(() => undefined),
  );
}
