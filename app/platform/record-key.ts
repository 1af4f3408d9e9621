// The record key: which record (its kind and id) in which locale. Its text form is printed and
// parsed here and nowhere else. Revisions, staged changes, the activity log and change
// notifications all name records by it.
//
//   home/hero_title          a page content row (kinds without a prefix: the id has a slash)
//   menu:12                  a menu item (kinds with a prefix)
//   home/hero_title@de       the same in another locale (the default locale is not printed)

/** The site's default locale: every record has one, and today every record is in it. */
export const DEFAULT_LOCALE = "en";

const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const PREFIX = /^([a-z][a-z-]{0,30}):(.+)$/;
// An id of a kind with a prefix (`12`, `hero`, a media file's `hero_1700000000.png`: single dots
// inside, never first), or a page content row's `page/section`.
const PREFIXED_ID = /^[A-Za-z0-9_-](?:[A-Za-z0-9_-]|\.(?!\.)){0,199}$/;
const ROW_ID = /^[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}$/;

/** The parts of a key's text, before the kind is known. */
export interface KeyParts {
  /** `menu` for `menu:12`; null for kinds without a prefix. */
  prefix: string | null;
  id: string;
  locale: string;
}

export const isLocale = (value: string) => LOCALE.test(value);

/** Splits a key's text into prefix, id and locale; undefined when it is not a key's shape. */
export function splitKey(text: string): KeyParts | undefined {
  if (text.length === 0 || text.length > 300) return undefined;
  let body = text;
  let locale = DEFAULT_LOCALE;
  const at = text.lastIndexOf("@");
  if (at > 0) {
    const candidate = text.slice(at + 1);
    if (!isLocale(candidate)) return undefined;
    locale = candidate;
    body = text.slice(0, at);
  }
  const prefixed = PREFIX.exec(body);
  if (prefixed) return PREFIXED_ID.test(prefixed[2]!) ? { prefix: prefixed[1]!, id: prefixed[2]!, locale } : undefined;
  return ROW_ID.test(body) ? { prefix: null, id: body, locale } : undefined;
}

/** The text form of a key's parts. */
export function joinKey(parts: KeyParts): string {
  const body = parts.prefix === null ? parts.id : `${parts.prefix}:${parts.id}`;
  return parts.locale === DEFAULT_LOCALE ? body : `${body}@${parts.locale}`;
}
