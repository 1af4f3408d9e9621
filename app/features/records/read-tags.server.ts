// Which records a public answer was built from, for the edge cache's tags (app/features/edge-cache).
// A render runs inside `trackReads`; each public reader names what it read with `noteRead`: a
// record's key text when it read that record alone, or the record's group (`groupTag`) when it
// read a whole collection (every row of a page's content, every menu item). A change of a record
// purges both its own tag and its group's, so either way of noting it is enough.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<Set<string> | undefined>();

/** Runs `task` noting what its reads name; answers its result and the tags noted. */
export async function trackReads<T>(task: () => Promise<T>): Promise<{ result: T; tags: Set<string> }> {
  const tags = new Set<string>();
  const result = await storage.run(tags, task);
  return { result, tags };
}

/** Runs `task` without noting its reads (a reader that notes finer tags of its own). */
export function untracked<T>(task: () => T): T {
  return storage.run(undefined, task);
}

/** Names a record (its key text) or a group of records (`groupTag`) the current render read. */
export function noteRead(...tags: string[]) {
  const noted = storage.getStore();
  if (noted) for (const tag of tags) noted.add(tag);
}

export { groupTag, kindGroup, pageContentGroup, tagsOfChange } from "./tags";
