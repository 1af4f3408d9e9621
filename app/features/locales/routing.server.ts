// Which locale a public path is answered in. The default locale keeps today's addresses; every
// other switched-on locale is served under its prefix (`/de`, `/de/fees`); a drafted one only
// in a preview. A prefix of any other allowed code is a 404. The list comes from memory (kept
// for the content version by locales.server.ts), so the page cache can ask before any render.
import { getDb } from "~/platform/db.server";
import type { RequestLocale } from "~/platform/request-locale.server";
import { DEFAULT_LOCALE, isAllowedLocale } from "./allow-list";
import { keptSiteLocales, listSiteLocales } from "./locales.server";
import type { SiteLocale } from "./schema";

const FALLBACK: SiteLocale[] = [{ code: DEFAULT_LOCALE, name: "English", state: "public", isDefault: true }];

/** The list now (the kept one; before the first read, the default alone, and a read is begun). */
export function siteLocalesNow(): SiteLocale[] {
  const kept = keptSiteLocales();
  if (kept) return kept;
  try {
    void listSiteLocales(getDb()).catch(() => undefined);
  } catch {
    // No database open in this process yet (a command or a roll-up on a database of its own):
    // the default alone, read again on the next call.
  }
  return FALLBACK;
}

/** Reads the list into memory (the server's start, before the first request). */
export async function loadSiteLocales(): Promise<void> {
  await listSiteLocales(getDb());
}

export const defaultLocaleCode = (locales: readonly SiteLocale[] = siteLocalesNow()) =>
  locales.find((locale) => locale.isDefault)?.code ?? DEFAULT_LOCALE;

/** Whether a locale is served under its prefix: switched on (drafted ones in a preview), and not the default. */
export function servesPrefix(code: string, preview = false, locales: readonly SiteLocale[] = siteLocalesNow()): boolean {
  const locale = locales.find((candidate) => candidate.code === code);
  return !!locale && !locale.isDefault && (locale.state === "public" || preview);
}

/** The locales a visitor (or, in a preview, the reviewer) can read, the default first. */
export function servedLocales(preview = false, locales: readonly SiteLocale[] = siteLocalesNow()): SiteLocale[] {
  return locales.filter((locale) => locale.isDefault || locale.state === "public" || preview);
}

/** The prefix a path starts with when its first segment is an allowed locale code (`de` for `/de/fees`). */
export function prefixCode(pathname: string): string | undefined {
  const segment = pathname.split("/")[1] ?? "";
  return isAllowedLocale(segment) ? segment : undefined;
}

/** The locale a request for this path renders in. */
export function requestLocaleOf(pathname: string, preview = false): RequestLocale {
  const locales = siteLocalesNow();
  const defaultCode = defaultLocaleCode(locales);
  const code = prefixCode(pathname);
  if (code === undefined) return { code: defaultCode, prefix: "", defaultCode, served: true, asWritten: new Set() };
  return { code, prefix: `/${code}`, defaultCode, served: servesPrefix(code, preview, locales), asWritten: new Set() };
}

/** A page's address in a locale: `/fees` → `/de/fees`, `/` → `/de`; the default locale's is the address itself. */
export function localizedPath(path: string, prefix: string): string {
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/** The address without its locale prefix (`/de/fees` → `/fees`, `/de` → `/`). */
export function unprefixedPath(pathname: string): string {
  const code = prefixCode(pathname);
  if (code === undefined) return pathname;
  return pathname.slice(code.length + 1) || "/";
}

/**
 * A stored link in a locale: a path of this site (not a file, not the dashboard) gets the
 * locale's prefix; another site, mail, phone, a fragment, or a path already prefixed stays.
 */
export function localizeHref(href: string, prefix: string): string {
  if (!prefix || !href.startsWith("/") || href.startsWith("//")) return href;
  const path = href.split(/[?#]/)[0]!;
  if (/^\/(?:uploads|admin|api|assets)(?:\/|$)|\.[a-z0-9]{2,5}$/i.test(path) || prefixCode(path) !== undefined) return href;
  return path === "/" ? prefix + href.slice(1) : prefix + href;
}
