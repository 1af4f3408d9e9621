import { AsyncLocalStorage } from "node:async_hooks";

/** One write a staged save made: the key as a revision names it, and its value after. */
export interface CapturedWrite {
  key: string;
  area: string;
  before: unknown;
  after: unknown;
}

const capture = new AsyncLocalStorage<CapturedWrite[]>();

/**
 * Runs a write with its revisions captured instead of recorded: recordRevision and
 * recordSnapshotGroup hand each (key, before, after) to `into` and write no revision and no
 * log line. The releases feature runs a save this way inside a transaction it then rolls back.
 */
export function captureRevisions<T>(into: CapturedWrite[], run: () => Promise<T>): Promise<T> {
  return capture.run(into, run);
}

/** The capture the current write runs under, if any. */
export const activeCapture = () => capture.getStore();
