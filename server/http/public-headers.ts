/**
 * Every public page's caching policy, cached or rendered per request, 200 or 404: a shared cache
 * (a CDN) may keep it but asks this server (If-None-Match, answered 304) before each use, so a
 * content change is seen at once. The same copy goes to every visitor, signed in or not, so
 * nothing but the encoding varies. See "Page cache, addresses and HTTP caching" in docs/performance.md.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PUBLIC_VARY = "Accept-Encoding";
/** A trailing-slash or double-slash address moves for good; browsers may remember that for a day. */
export const REDIRECT_CACHE_CONTROL = "public, max-age=86400";
