/**
 * What a route declares, in its `handle` export, about the rendered-page cache
 * (server/page-cache/page-routes.ts reads it from the route table). A route without it is rendered per
 * request: a new public page is cached once it says so here, in one place.
 */
export interface PageCacheRule {
  /**
   * The query parameters the page reads on the server. The cache keys the page on the path and
   * these alone; any other query string (campaign tags such as utm_source, gclid, fbclid) is
   * served the bare address's copy.
   */
  query?: readonly string[];
  /** The catch-all page: every path that reaches it is answered with one cached copy, as a 404. */
  notFound?: boolean;
}

export interface PageCacheHandle {
  pageCache: PageCacheRule;
}

/** The handle of a public page that is the same for every visitor and reads no query parameter. */
export const cachedPublicPage: PageCacheHandle = { pageCache: { query: [] } };
