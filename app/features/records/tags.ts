// The tags that name records for the edge cache: a record's key text, or its group (read-tags.server.ts).
import { splitKey } from "~/platform/record-key";

/**
 * The group a record belongs to: every row of one page's content (`home/*`) for a record whose
 * kind has no prefix (`home/hero_title`), every record of the kind for the others (`menu:*`).
 * The locale is left out: a group holds a collection in every locale.
 */
export function groupTag(keyText: string): string {
  const parts = splitKey(keyText);
  if (!parts) return keyText;
  return parts.prefix === null ? `${parts.id.slice(0, parts.id.indexOf("/"))}/*` : `${parts.prefix}:*`;
}

/** The group of one page's content rows, as a reader of the whole page notes it. */
export const pageContentGroup = (page: string) => `${page}/*`;
/** The group of every record of a prefixed kind (`menu`, `page`, `redirect`). */
export const kindGroup = (prefix: string) => `${prefix}:*`;

/** The tags a change of these records purges: each record's own and its group's. */
export function tagsOfChange(keys: readonly string[]): string[] {
  const tags = new Set<string>();
  for (const key of keys) tags.add(key).add(groupTag(key));
  return [...tags];
}
