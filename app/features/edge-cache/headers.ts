// The headers that let an edge cache (Varnish, Fastly, Cloudflare, …) keep a public page and
// drop it when a record it was built from changes. Browsers see the same Cache-Control as
// without an edge (they ask the site before each use); the edge's lifetimes travel in the
// targeted headers only edges read (RFC 9213 `CDN-Cache-Control`, and `Surrogate-Control`),
// so a proxy nobody can purge never keeps a page either.
import { groupTag } from "~/features/records/tags";

/** Carried by every public answer: purging it empties the whole site from an edge. */
export const SITE_TAG = "site";
/**
 * Carried by a page that read more groups than fit in a header, and purged with every change:
 * such a page is dropped more often than it must be, never kept too long.
 */
export const WIDE_TAG = "wide";
/**
 * The most bytes of tags in one header. Varnish's default `http_resp_hdr_len` is 8 KiB per
 * header line and 32 KiB for the whole head (three tag headers are sent), Fastly's
 * `Surrogate-Key` and Cloudflare's `Cache-Tag` take 16 KiB; 4000 fits all of them.
 */
export const TAG_HEADER_LIMIT = 4000;

export interface EdgeLifetimes {
  maxAge: number;
  staleWhileRevalidate: number;
  staleIfError: number;
}

/** The edge's lifetimes for a public page, as `CDN-Cache-Control` and `Surrogate-Control` carry them. */
export const edgeLifetime = (lifetimes: EdgeLifetimes) =>
  `max-age=${lifetimes.maxAge}, stale-while-revalidate=${lifetimes.staleWhileRevalidate}, stale-if-error=${lifetimes.staleIfError}`;

const size = (tags: string[]) => tags.reduce((total, tag) => total + tag.length + 1, 0);

/**
 * The tags a page carries: the site's, then the records it read, sorted. When they do not fit in
 * `limit` bytes, each record is replaced by its group (`home/hero_title` by `home/*`, the page's
 * content), and when the groups do not fit either, the page carries `wide`, purged with every change.
 */
export function pageTags(read: Iterable<string>, limit = TAG_HEADER_LIMIT): string[] {
  const records = [...new Set(read)].sort();
  const exact = [SITE_TAG, ...records];
  if (size(exact) <= limit) return exact;
  const groups = [SITE_TAG, ...[...new Set(records.map(groupTag))].sort()];
  if (size(groups) <= limit) return groups;
  return [SITE_TAG, WIDE_TAG];
}

/** The response headers of a public page with these tags, for an edge with these lifetimes. */
export function edgeHeaders(tags: string[], lifetimes: EdgeLifetimes): [string, string][] {
  const lifetime = edgeLifetime(lifetimes);
  return [
    ["cdn-cache-control", lifetime],
    ["surrogate-control", lifetime],
    // Varnish's xkey and Fastly take spaces between tags, Cloudflare commas.
    ["xkey", tags.join(" ")],
    ["surrogate-key", tags.join(" ")],
    ["cache-tag", tags.join(",")],
  ];
}
