// The addresses of landing pages and redirects, held in memory: the page cache consults them
// before answering "not found", so a redirect is answered at the cache's speed, with no render.
// Every content change that may touch them (here or on another instance) reads them again.
import { getTableName } from "drizzle-orm";
import { landingPages, recordTranslations, redirects } from "~/db/schema";
import { servesPrefix } from "~/features/locales/routing.server";
import { listTranslations } from "~/features/records/translations.server";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { readSeo } from "~/features/seo/seo-fields";
import { registerLandingVersions } from "~/features/seo/landing-versions";
import { overlay, type Draft } from "~/features/records/overlay";
import { tryParseKey } from "~/features/records/kinds";
import { addContentReader } from "~/features/records/version.server";
import { noteRead } from "~/features/records/read-tags.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { PAGE_REFERENCE } from "~/platform/page-reference";
import { countHit, flushRedirectHits } from "./redirect-hits.server";

export { flushRedirectHits } from "./redirect-hits.server";
import {
  isPageTranslation,
  pageKey,
  pageRecordKey,
  redirectKey,
  type PageRecord,
  type PageTranslation,
  type RedirectSnapshot,
} from "./internal/records.server";

interface PageEntry {
  id: number;
  /** The record's key: `page:12`, or `page:12@de` for its version in a locale. */
  key: string;
  locale: string;
  /** The address it answers at, with its locale's prefix (`/de/aktion`). */
  path: string;
  published: boolean;
  noindex: boolean;
  unpublishedRedirect: string | null;
  /** Its status: 302 unless the page's end time chose 301. */
  unpublishedRedirectStatus: number | null;
}

interface RedirectEntry {
  id: number;
  to: string;
  status: number;
}

/** What an address is, for the page cache: a landing page's copy, or a redirect to send. */
export type AddressAnswer = { kind: "page"; id: number } | { kind: "redirect"; location: string; status: number; hit?: () => void };

let pagesByPath = new Map<string, PageEntry>();
let pathsById = new Map<number, string>();
/** Each page's versions in other locales, by id then locale. */
let versionsById = new Map<number, Map<string, PageEntry>>();
let redirectsByPath = new Map<string, RedirectEntry>();
let loaded = false;

/** Reads the index from the database (two small reads); resolves to the function that puts it in place. */
async function readPublicIndex(db: Database): Promise<() => void> {
  const [pageRows, redirectRows, translationRows] = await Promise.all([
    db
      .select({
        id: landingPages.id,
        path: landingPages.path,
        status: landingPages.status,
        unpublishedRedirect: landingPages.unpublishedRedirect,
        unpublishedRedirectStatus: landingPages.unpublishedRedirectStatus,
        seo: landingPages.seo,
      })
      .from(landingPages),
    db.select({ id: redirects.id, from: redirects.fromPath, to: redirects.toPath, status: redirects.status }).from(redirects),
    listTranslations(db, { prefix: "page:" }),
  ]);
  const versions = translationRows.map((row) => versionEntry(row.value as PageTranslation));
  return () => {
    const own = pageRows.map(({ seo, ...row }) => ({
      ...row,
      key: pageKey(row.id),
      locale: DEFAULT_LOCALE,
      published: row.status === "published",
      noindex: readSeo(seo).noindex,
    }));
    pagesByPath = new Map([...own, ...versions].map((entry) => [entry.path, entry]));
    pathsById = new Map(pageRows.map((row) => [row.id, row.path]));
    versionsById = new Map();
    for (const entry of versions) versionsById.set(entry.id, (versionsById.get(entry.id) ?? new Map()).set(entry.locale, entry));
    redirectsByPath = new Map(redirectRows.map((row) => [row.from.toLowerCase(), { id: row.id, to: row.to, status: row.status }]));
    loaded = true;
  };
}

/** A page's version in a locale as the index keeps it (its address with the locale's prefix; no redirect while unpublished). */
function versionEntry(version: PageTranslation): PageEntry {
  return {
    id: version.id,
    key: pageRecordKey(version.id, version.locale).text,
    locale: version.locale,
    path: `/${version.locale}${version.path}`.toLowerCase(),
    published: version.status === "published",
    noindex: readSeo(version.seo).noindex,
    unpublishedRedirect: null,
    unpublishedRedirectStatus: null,
  };
}

/** Whether visitors (or, in a preview, the reviewer) may be answered in the entry's locale. */
const servedEntry = (page: PageEntry, preview = false) => page.locale === DEFAULT_LOCALE || servesPrefix(page.locale, preview);

/** Reloads the index from the database. */
export async function refreshPublicIndex(db: Database) {
  (await readPublicIndex(db))();
}

const withQuery = (location: string, query: string) => (query && !location.includes("?") ? `${location}?${query}` : location);

/** What a page at the address answers: its copy, its redirect while unpublished (302, or an end time's 301), or not found. */
function pageAnswer(page: PageEntry, query: string): AddressAnswer | undefined {
  if (page.published) return { kind: "page", id: page.id };
  if (page.unpublishedRedirect)
    return {
      kind: "redirect",
      location: withQuery(page.unpublishedRedirect, query),
      status: page.unpublishedRedirectStatus ?? 302,
    };
  return undefined;
}

const redirectAnswer = (redirect: RedirectEntry, query: string, hit?: () => void): AddressAnswer => ({
  kind: "redirect",
  location: withQuery(redirect.to, query),
  status: redirect.status,
  ...(hit ? { hit } : {}),
});

/**
 * The answer for a path no fixed route takes (decoded, as the router matches it): a published
 * page, a redirect (the query string carried over), or undefined for the not-found page.
 */
export function lookupAddress(pathname: string, query = ""): AddressAnswer | undefined {
  const path = pathname.toLowerCase();
  const page = pagesByPath.get(path);
  if (page && servedEntry(page)) return pageAnswer(page, query);
  const redirect = redirectsByPath.get(path);
  return redirect ? redirectAnswer(redirect, query, () => countHit(redirect.id)) : undefined;
}

/**
 * The answer for an address as the site would give it once a release's draft is published: the
 * live pages and redirects with the draft applied through the store's one overlay (a live record
 * the release deletes, moves or changes is answered by its staged version only). Same rules as
 * `lookupAddress`, from the same index; a preview's visit counts no hit.
 */
export function lookupStagedAddress(pathname: string, query: string, staged: Draft): AddressAnswer | undefined {
  const path = pathname.toLowerCase();
  const stagedPages = new Map<string, PageEntry | null>();
  const stagedRedirects = new Map<string, (RedirectEntry & { from: string }) | null>();
  for (const [key, value] of staged) {
    const kind = tryParseKey(key)?.kind;
    if (kind === "landing-page") stagedPages.set(key, stagedEntry(key, value as PageRecord | null));
    else if (kind === "redirect") {
      const redirect = value as RedirectSnapshot | null;
      stagedRedirects.set(
        key,
        redirect && { id: redirect.id, from: redirect.fromPath.toLowerCase(), to: redirect.toPath, status: redirect.status },
      );
    }
  }
  const pages = overlay(new Map([...pagesByPath.values()].map((page) => [page.key, page])), stagedPages);
  const page = [...pages.values()].find((candidate) => candidate.path === path && servedEntry(candidate, true));
  if (page) return pageAnswer(page, query);
  const liveRedirects = new Map([...redirectsByPath].map(([from, redirect]) => [redirectKey(redirect.id), { ...redirect, from }]));
  const redirect = [...overlay(liveRedirects, stagedRedirects).values()].find((candidate) => candidate.from === path);
  return redirect ? redirectAnswer(redirect, query) : undefined;
}

/** A staged page or version as the index would keep it. */
function stagedEntry(key: string, page: PageRecord | null): PageEntry | null {
  if (!page) return null;
  if (isPageTranslation(page)) return versionEntry(page);
  return {
    id: page.id,
    key,
    locale: DEFAULT_LOCALE,
    path: page.path.toLowerCase(),
    published: page.status === "published",
    noindex: readSeo(page.seo).noindex,
    unpublishedRedirect: page.unpublishedRedirect,
    unpublishedRedirectStatus: page.unpublishedRedirectStatus ?? null,
  };
}

/**
 * A page's address now, for links that name the page itself (`page:12`); undefined once it is
 * gone. On a page in another locale, the page's published version there (`/de/aktion`) when it
 * has one; otherwise its default address, linked as written (the page in the default locale).
 */
export function pathForPage(id: number): string | undefined {
  // The link follows the page's address: a render naming it answers for the page's record.
  noteRead(pageKey(id));
  const locale = currentRequestLocale();
  if (locale?.prefix) {
    noteRead(pageRecordKey(id, locale.code).text);
    const version = versionsById.get(id)?.get(locale.code);
    if (version?.published) return version.path;
    const path = pathsById.get(id);
    if (path) locale.asWritten?.add(path);
    return path;
  }
  return pathsById.get(id);
}

/** A published page's addresses in each locale that has it published (the default's first), for the page at `address`; undefined for no such page. */
export function publishedVersionsAt(address: string, preview = false): { locale: string; path: string; noindex: boolean }[] | undefined {
  const page = pagesByPath.get(address.toLowerCase());
  if (!page || !page.published || !servedEntry(page, preview)) return undefined;
  const ownPath = pathsById.get(page.id);
  const own = ownPath === undefined ? undefined : pagesByPath.get(ownPath);
  const all = [...(own ? [own] : []), ...(versionsById.get(page.id)?.values() ?? [])];
  return all
    .filter((entry) => entry.published && servedEntry(entry, preview))
    .map((entry) => ({ locale: entry.locale, path: entry.path, noindex: entry.noindex }));
}

// The hreflang sets and the switcher (app/features/seo) read the versions from here.
registerLandingVersions(publishedVersionsAt);

/** Every published version in another locale, by the default page's id (the sitemap's). */
export function publishedVersions(): PageEntry[] {
  return [...versionsById.values()].flatMap((versions) => [...versions.values()]).filter((entry) => entry.published);
}

/** A link as visitors follow it: a page reference becomes the page's address (home when the page is gone). */
export function resolveLink(url: string): string {
  const match = PAGE_REFERENCE.exec(url);
  if (!match) return url;
  return pathForPage(Number(match[1])) ?? "/";
}

/** Every string in a value with its page references resolved (block data holds links at any depth). */
export function resolveLinksDeep<T>(value: T): T {
  if (typeof value === "string") return resolveLink(value) as T;
  if (Array.isArray(value)) return value.map(resolveLinksDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveLinksDeep(item)])) as T;
  }
  return value;
}

/**
 * Loads the index, reads it again for every content version (before the version changes, so a
 * saved landing page or redirect answers at the next request; version.server.ts) and flushes
 * hit counts every `flushMs`. Returns a function that stops it (flushing what is left).
 */
export async function startPublicIndex(db: () => Database, flushMs = 5000): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  let again = false;
  // A change that came without reads (another instance's, heard again after a lost connection),
  // or whose read failed: read it now, one reload at a time.
  const reload = () => {
    if (running) {
      again = true;
      return;
    }
    running = refreshPublicIndex(db())
      .catch((error: unknown) => logger.error({ err: error }, "landing page addresses not reloaded"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  await refreshPublicIndex(db()).catch((error: unknown) => logger.error({ err: error }, "landing page addresses not loaded"));
  const stopReading = addContentReader({
    name: "landing page addresses",
    prepare: readPublicIndex,
    drop: reload,
    tables: [getTableName(landingPages), getTableName(redirects), getTableName(recordTranslations)],
  });
  const flush = () => flushRedirectHits(db()).catch((error: unknown) => logger.error({ err: error }, "redirect hits not recorded"));
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return async () => {
    stopReading();
    clearInterval(timer);
    await running;
    await flush();
  };
}

/** Whether the index has been loaded (tests and the splat route read the database before it is). */
export const publicIndexLoaded = () => loaded;
