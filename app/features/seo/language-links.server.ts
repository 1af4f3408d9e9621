// The language switcher's links and the public layout's locale checks. The switcher is plain
// links at the end of the header's and footer's menus (rendered by the server, no script of its
// own): each leads to the same page in the other locale, or to that locale's home where the page
// has no content there under the policy. Nothing is guessed from Accept-Language.
import { pageHasContent } from "~/features/content/locale-policy.server";
import { localeName } from "~/features/locales/allow-list";
import { localizedPath, localizeHref, requestLocaleOf, servedLocales, unprefixedPath } from "~/features/locales/routing.server";
import { currentPreview } from "~/features/records/preview-context.server";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { publicPagePaths } from "./public-pages.js";
import { landingAddressIn } from "./locale-alternates.server";

/** The address a request is for: a navigation's data request (`/de/fees.data`, `/_root.data`) names its page. */
export function pageAddressOf(request: Request): string {
  const { pathname } = new URL(request.url);
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" || page === "" ? "/" : page;
}

/**
 * What the public layout must answer before it reads anything: "not-found" for a prefix of a
 * locale not served; an address to load as a new document when a navigation in the browser
 * comes into this locale's pages from another's (the layout's data asked for without the
 * root's: the root's settings and `<html lang>` are a document's); otherwise undefined.
 */
export function requestLocaleGate(request: Request | undefined): "not-found" | string | undefined {
  const locale = currentRequestLocale();
  if (!locale || !request) return undefined;
  if (!locale.served) return "not-found";
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data") || request.method !== "GET") return undefined;
  // Only when more than one locale is served could the visitor have come from another.
  if (servedLocales(!!currentPreview()).length < 2) return undefined;
  // The page the navigation starts from (the browser names it, same-origin) is in another locale.
  const referer = request.headers.get("referer");
  if (referer) {
    const from = URL.canParse(referer) ? new URL(referer) : undefined;
    if (from?.origin === url.origin && requestLocaleOf(from.pathname, !!currentPreview()).code !== locale.code)
      return pageAddressOf(request);
    return undefined;
  }
  // Without a referrer: the layout's data asked for without the root's (a new layout instance).
  const routes = url.searchParams.get("_routes");
  if (routes === null || routes.split(",").includes("root")) return undefined;
  return pageAddressOf(request);
}

/** A site link in the request's locale (`/fees` → `/de/fees` on a German page). */
export function localizeLink(href: string): string {
  const locale = currentRequestLocale();
  if (!locale || locale.asWritten?.has(href)) return href;
  return localizeHref(href, locale.prefix);
}

/** The switcher's links, as menu items (ids below zero); none with a single locale. */
export async function languageLinks(request: Request | undefined): Promise<{ id: number; label: string; url: string }[]> {
  const locale = currentRequestLocale();
  if (!locale || !request) return [];
  const locales = servedLocales(!!currentPreview());
  if (locales.length < 2) return [];
  const requested = pageAddressOf(request);
  const page = locale.prefix ? unprefixedPath(requested) : requested;
  const isPage = (publicPagePaths as readonly string[]).includes(page);
  return Promise.all(
    locales.map(async (target, index) => {
      const prefix = target.isDefault ? "" : `/${target.code}`;
      const here = isPage && (await pageHasContent(page, target.code));
      // A landing page: its published version in that locale, at that version's own address.
      const landing = isPage ? undefined : landingAddressIn(requested, target.code, !!currentPreview());
      const address = landing ?? localizedPath(here ? page : "/", prefix);
      if (target.code === locale.code) return { id: -1 - index, label: localeName(target.code), url: address };
      // The page's links are put in its locale as they render; these stay in theirs. The empty
      // query sets them apart from the same address written in a menu or a page (served the same).
      const url = `${address}?`;
      locale.asWritten?.add(url);
      return { id: -1 - index, label: localeName(target.code), url };
    }),
  );
}
