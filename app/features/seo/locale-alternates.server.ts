// A public page's language and its alternates in the site's other locales (hreflang), from which
// pages × locales actually have content under the fallback policy (content/locale-policy). The
// same sets go into the pages' <head> and into sitemap.xml.
import { pageHasContent } from "~/features/content/locale-policy.server";
import { localizedPath, servedLocales, unprefixedPath } from "~/features/locales/routing.server";
import { currentPreview } from "~/features/records/preview-context.server";
import { landingVersionsAt } from "./landing-versions";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { currentRequestLocale } from "~/platform/request-locale.server";
import type { PageLocale } from "./page-locale";
import { publicPagePaths } from "./public-pages.js";

export interface Alternate {
  hreflang: string;
  /** The page's address in that locale (site-relative). */
  path: string;
}

const prefixOf = (code: string, defaultCode: string) => (code === defaultCode ? "" : `/${code}`);

/**
 * The locales (public ones; a preview's drafted ones too) in which the page at `path` (without a
 * prefix) has content, each with its address, and `x-default` (the default locale's address);
 * empty for a page that is not a public page, or when fewer than two locales have it.
 */
export async function alternatesOf(path: string, preview = false): Promise<Alternate[]> {
  if (!(publicPagePaths as readonly string[]).includes(path)) return [];
  const locales = servedLocales(preview);
  const defaultCode = locales.find((locale) => locale.isDefault)?.code;
  if (locales.length < 2 || !defaultCode) return [];
  const having = (
    await Promise.all(locales.map(async (locale) => ((await pageHasContent(path, locale.code)) ? locale : undefined)))
  ).filter((locale) => locale !== undefined);
  if (having.length < 2 || !having.some((locale) => locale.isDefault)) return [];
  return [
    ...having.map((locale) => ({ hreflang: locale.code, path: localizedPath(path, prefixOf(locale.code, defaultCode)) })),
    { hreflang: "x-default", path },
  ];
}

/**
 * A landing page's alternates, for the page at `address` (its default address, or a version's
 * `/de/aktion`): its published versions without `noindex` in the served locales, each at its own
 * address, and `x-default` (the default locale's); empty unless the default locale's version is
 * one of them and another locale's too. A version without `noindex` whose page has no such set
 * stands alone (no alternates).
 */
export function landingAlternates(address: string, preview = false): Alternate[] {
  const versions = landingVersionsAt(address, preview)?.filter((version) => !version.noindex);
  const own = versions?.find((version) => version.locale === DEFAULT_LOCALE);
  if (!versions || !own || versions.length < 2) return [];
  const defaultCode = servedLocales(preview).find((locale) => locale.isDefault)?.code ?? DEFAULT_LOCALE;
  return [
    ...versions.map((version) => ({ hreflang: version.locale === DEFAULT_LOCALE ? defaultCode : version.locale, path: version.path })),
    { hreflang: "x-default", path: own.path },
  ];
}

/** A landing page's address in a locale (its published version there), for the page at `address`; undefined when it has none. */
export function landingAddressIn(address: string, code: string, preview = false): string | undefined {
  const versions = landingVersionsAt(address, preview);
  const defaultCode = servedLocales(preview).find((locale) => locale.isDefault)?.code ?? DEFAULT_LOCALE;
  return versions?.find((version) => (version.locale === DEFAULT_LOCALE ? defaultCode : version.locale) === code)?.path;
}

/**
 * The root's answer for a page: its language and alternates, or undefined on a site of English
 * alone (which renders as it always did). A page without content in its locale (a legal page not
 * translated) has no alternates: it is left out of everyone's.
 */
export async function pageLocale(pathname: string, origin: string): Promise<PageLocale | undefined> {
  const locale = currentRequestLocale();
  if (!locale) return undefined;
  const preview = !!currentPreview();
  // A navigation's data request (`/de/fees.data`) names the page it is for.
  const address = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const page = locale.prefix ? unprefixedPath(address) : address;
  const fixed = (publicPagePaths as readonly string[]).includes(page);
  const alternates = fixed ? await alternatesOf(page, preview) : landingAlternates(address, preview);
  const own = alternates.some((alternate) => alternate.hreflang === locale.code);
  if (locale.code === "en" && alternates.length === 0) return undefined;
  return {
    lang: locale.code,
    alternates: own ? alternates.map((alternate) => ({ hreflang: alternate.hreflang, href: origin + alternate.path })) : [],
  };
}
