// The one overlay: what a set of records looks like once a draft's staged values are applied.
// The editors (a record opened while drafting), the whole-site and live preview, and the
// publish all answer "the site as the release leaves it" through this function.

/** A draft: key text → staged value, null when the draft deletes the record. */
export type Draft = ReadonlyMap<string, unknown>;

/**
 * `live` with the draft applied: a staged value replaces the live one (or adds a record), a
 * staged null removes it. Only the draft's keys that `belongs` takes are applied (a page's
 * content, one kind). The maps given are never changed.
 */
export function overlay<V>(live: ReadonlyMap<string, V>, draft: Draft | undefined, belongs: (key: string) => boolean = () => true) {
  const result = new Map(live);
  if (!draft) return result;
  for (const [key, staged] of draft) {
    if (!belongs(key)) continue;
    if (staged === null || staged === undefined) result.delete(key);
    else result.set(key, staged as V);
  }
  return result;
}

/** Several drafts over each other, the last on top (a release, then the values typed in an editor). */
export function overlayAll<V>(live: ReadonlyMap<string, V>, drafts: (Draft | undefined)[], belongs?: (key: string) => boolean) {
  return drafts.reduce<Map<string, V>>((records, draft) => overlay(records, draft, belongs), new Map(live));
}
