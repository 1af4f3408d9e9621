// The archive's outbox: a row per change of what public pages serve, written in the change's own
// transaction (the record store calls it through setPublishRecorder; app/record-kinds.server.ts
// hands it over), so no publish commits without it and none that rolled back leaves one.
import { archiveOutbox } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import type { PublishedChange } from "~/features/records/published.server";

/** Outbox rows this instance wrote, not yet known to be committed and in this instance's memory. */
const written = new Set<number>();
/** Rows this instance wrote whose change it has read ahead (its pages render them now). */
const ready = new Set<number>();

/** Notes a change in its transaction. */
export async function recordPublish(executor: Executor, change: PublishedChange) {
  const [row] = await executor
    .insert(archiveOutbox)
    .values({
      kind: change.kind,
      userId: change.actor?.id ?? null,
      userEmail: change.actor?.email ?? null,
      releaseId: change.releaseId ?? null,
      groupId: change.groupId ?? null,
      records: change.records ? [...change.records] : null,
    })
    .returning({ id: archiveOutbox.id });
  written.add(row!.id);
}

/**
 * After this instance's own write committed and its memory moved to the new content (the
 * store's onContentWritten): its rows are ready to be captured at once.
 */
export function markWrittenReady() {
  for (const id of written) ready.add(id);
  written.clear();
}

/** Whether this instance wrote the row and has read its change ahead. */
export const isReadyHere = (id: number) => ready.has(id);

export function forgetReady(ids?: readonly number[]) {
  if (!ids) ready.clear();
  else for (const id of ids) ready.delete(id);
}
