import { asc, isNotNull } from "drizzle-orm";
import { pageContent } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { sitemapPagePaths } from "./public-pages.js";

/** The public pages that belong in search results (not sign-in, sign-up or the 404). */
export const SITEMAP_PATHS: readonly string[] = sitemapPagePaths;

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Site-relative page links an administrator added (the page_url content rows). */
export async function listPageLinkPaths(db: Database): Promise<string[]> {
  const rows = await db
    .select({ url: pageContent.pageUrl })
    .from(pageContent)
    .where(isNotNull(pageContent.pageUrl))
    .orderBy(asc(pageContent.pageName));
  return rows.map((row) => row.url ?? "").filter((url) => /^\/(?!\/)[^\s\\]*$/.test(url));
}

/** A page's addresses in the locales that have it, and `x-default` (locale-alternates.server.ts). */
export type SitemapAlternates = ReadonlyMap<string, readonly { hreflang: string; path: string }[]>;

/**
 * The sitemap. A page with alternates (more than one locale has it) is listed once per locale
 * that has it, each entry naming the whole set with `xhtml:link` (x-default included), the same
 * set as the pages' own hreflang links; a page a locale lacks is not listed under its prefix.
 */
export function renderSitemap(origin: string, paths: string[], alternates: SitemapAlternates = new Map()): string {
  const unique = [...new Set(paths)];
  const entries = unique
    .flatMap((path) => {
      const set = alternates.get(path);
      if (!set || set.length === 0) return [`  <url><loc>${escapeXml(origin + path)}</loc></url>`];
      const links = set
        .map((link) => `<xhtml:link rel="alternate" hreflang="${escapeXml(link.hreflang)}" href="${escapeXml(origin + link.path)}"/>`)
        .join("");
      return set
        .filter((link) => link.hreflang !== "x-default")
        .map((link) => `  <url><loc>${escapeXml(origin + link.path)}</loc>${links}</url>`);
    })
    .join("\n");
  const namespaces =
    alternates.size > 0
      ? `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"`
      : `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${entries}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
