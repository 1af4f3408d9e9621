// One preview request: who is looking, the release's staged records (its draft) and, for the
// live preview beside an editor, the values typed and not yet saved. It lives only in the async
// context of the request that was recognised as a preview (server/http/preview.ts); readers ask
// for it here and apply it with the one overlay (overlay.ts), as the editors and the publish do.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Draft } from "./overlay";

export interface PreviewState {
  kind: "admin" | "reviewer";
  /** The release previewed (undefined: the live site, with typed values only). */
  release: { id: number; name: string } | undefined;
  /** The release's staged records: key text → value, null when it deletes the record. */
  staged: Draft;
  /** Values typed and not yet saved: a page content row's key text (`page/section`) → its text. */
  draft: ReadonlyMap<string, string>;
}

const storage = new AsyncLocalStorage<PreviewState | undefined>();

/** The preview the current request renders, or undefined for every ordinary request. */
export function currentPreview(): PreviewState | undefined {
  return storage.getStore();
}

export function runInPreview<T>(state: PreviewState, task: () => T): T {
  return storage.run(state, task);
}

/** Runs work for no preview at all, whatever context it was started from (the page cache's renders). */
export function runOutsidePreview<T>(task: () => T): T {
  return storage.run(undefined, task);
}
