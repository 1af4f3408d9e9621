// What public pages serve changed: noted in the change's own transaction for whoever keeps a
// record of it (the archive, app/features/archive; app/record-kinds.server.ts hands it over).
// The store imports no feature: without a recorder, nothing is noted.
import type { Executor } from "./executor";
import type { Actor } from "./revisions.server";

export interface PublishedChange {
  /** What it was: a save's `<area>.<action>`, or its group's kind (`release.publish`, `content.undo_group`). */
  kind: string;
  actor: Actor;
  releaseId?: number;
  groupId?: string;
  /** The records it changed (key texts); undefined: unknown, every page may have changed. */
  records?: readonly string[];
}

export type PublishRecorder = (executor: Executor, change: PublishedChange) => Promise<void>;

let recorder: PublishRecorder | undefined;

export function setPublishRecorder(next: PublishRecorder | undefined) {
  recorder = next;
}

/** Called in the transaction that changes what visitors are served, before it commits. */
export async function notePublished(executor: Executor, change: PublishedChange) {
  await recorder?.(executor, change);
}
