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

export function renderSitemap(origin: string, paths: string[]): string {
  const unique = [...new Set(paths)];
  const entries = unique.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
