// What a write stored, live or staged, told in the write's own transaction to whoever keeps an
// index of the values (the media library's "where used", app/features/media;
// app/record-kinds.server.ts hands it over). The store imports no feature: without one, nothing is told.
import type { Executor } from "./executor";
import type { RecordKey } from "./kinds";

export interface WrittenValues {
  /** The records and the values they have now (null: removed), live or in the draft. */
  records: { key: RecordKey; value: unknown }[];
  /** The draft they were staged into; undefined: they went live. */
  draftId?: number;
  /** For a live write: the release whose publish it is (its staged values are live now). */
  releaseId?: number;
}

export type WrittenObserver = (executor: Executor, written: WrittenValues) => Promise<void>;

let observer: WrittenObserver | undefined;

export function setWrittenObserver(next: WrittenObserver | undefined) {
  observer = next;
}

/** Called in the write's transaction, after the values are stored or staged. */
export async function noteWritten(executor: Executor, written: WrittenValues) {
  if (written.records.length > 0 || written.releaseId !== undefined) await observer?.(executor, written);
}
