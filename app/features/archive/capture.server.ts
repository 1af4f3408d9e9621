// What the archive captures: every public page a visitor can be served, rendered as the page
// cache renders it. The server hands the archive its renderer (server/boot/app.ts), so the bytes
// stored are the bytes a visitor gets.
import { landingPages, redirects } from "~/db/schema";
import { localizedPath, servedLocales } from "~/features/locales/routing.server";
import { publicPagePaths } from "~/features/seo/public-pages.js";
import type { Database } from "~/platform/db.server";

/** An address's answer: a page's bytes, or a redirect (no body) with where it sends visitors. */
export interface CapturedPage {
  status: number;
  body: Buffer;
  location?: string | null;
}

export interface ArchiveCapture {
  /** Renders an address as a visitor gets it; undefined when the site would not answer it from the cache. */
  render(path: string): Promise<CapturedPage | undefined>;
}

let capture: ArchiveCapture | undefined;

export function setArchiveCapture(next: ArchiveCapture | undefined) {
  capture = next;
}

export const archiveCapture = () => capture;

/** An address no page takes: its answer is the site's not-found page. */
export const NOT_FOUND_ARCHIVE_PATH = "/404";

/** The locale an address is served in (its prefix, or the default locale's). */
export function localeOfPath(path: string, locales: readonly { code: string; isDefault: boolean }[]) {
  const segment = path.split("/")[1] ?? "";
  const prefixed = locales.find((locale) => !locale.isDefault && locale.code === segment);
  return prefixed?.code ?? locales.find((locale) => locale.isDefault)?.code ?? "en";
}

/**
 * Every address the archive renders: the fixed pages in each served locale, the not-found page,
 * every landing page and redirect (their answer: the page, a redirect, or not found), and the
 * addresses archived before (a page since removed answers what it answers now).
 */
export async function archivePaths(db: Database, before: Iterable<string>): Promise<string[]> {
  const [pages, redirectRows] = await Promise.all([
    db.select({ path: landingPages.path }).from(landingPages),
    db.select({ path: redirects.fromPath }).from(redirects),
  ]);
  const paths = new Set<string>();
  for (const locale of servedLocales()) {
    const prefix = locale.isDefault ? "" : `/${locale.code}`;
    for (const path of [...publicPagePaths, NOT_FOUND_ARCHIVE_PATH]) paths.add(localizedPath(path, prefix));
  }
  for (const row of pages) paths.add(row.path.toLowerCase());
  for (const row of redirectRows) paths.add(row.path.toLowerCase());
  for (const path of before) paths.add(path);
  return [...paths].sort();
}
