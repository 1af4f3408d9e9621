// The site locale a visit was in: its entry page's prefix (`/de/fees` → `de`), or the site's
// default locale for an address without one. Statistics keep the address as the visitor saw it,
// prefix and all, so the locale is read from it: by the roll-ups (a day's figures keep the
// default locale of when they were rolled up) and by the dashboard's filter.
import { sql, type SQL } from "drizzle-orm";
import { localeCodes } from "~/features/locales/allow-list";
import { defaultLocaleCode } from "~/features/locales/routing.server";

/** The codes a path's first segment may be (only allowed codes: a landing page's `/xy` is no locale). */
const codes = sql.raw(localeCodes.map((code) => `'${code.replace(/'/g, "")}'`).join(", "));

/**
 * The locale of the address `path` (an SQL expression of a text column): its first segment when
 * that is an allowed code, else the default. Computed for every visit a view reads, so it takes
 * the first segment with split_part and compares it with the list instead of matching a pattern.
 */
export const localeOfPathSql = (path: SQL): SQL => {
  const first = sql`split_part(${path}, '/', 2)`;
  return sql`(case when ${first} in (${codes}) then ${first} else ${sql.raw(`'${defaultLocaleCode().replace(/'/g, "")}'`)} end)`;
};
