// The addresses of landing pages and redirects, held in memory: the page cache consults them
// before answering "not found", so a redirect is answered at the cache's speed, with no render.
// Every content change that may touch them (here or on another instance) reads them again.
import { getTableName, sql } from "drizzle-orm";
import { landingPages, redirects } from "~/db/schema";
import { overlay, type Draft } from "~/features/records/overlay";
import { tryParseKey } from "~/features/records/kinds";
import { addContentReader } from "~/features/records/version.server";
import { noteRead } from "~/features/records/read-tags.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { PAGE_REFERENCE } from "~/platform/page-reference";
import { pageKey, redirectKey, type PageSnapshot, type RedirectSnapshot } from "./internal/records.server";

interface PageEntry {
  id: number;
  path: string;
  published: boolean;
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
let redirectsByPath = new Map<string, RedirectEntry>();
let loaded = false;

/** Reads the index from the database (two small reads); resolves to the function that puts it in place. */
async function readPublicIndex(db: Database): Promise<() => void> {
  const [pageRows, redirectRows] = await Promise.all([
    db
      .select({
        id: landingPages.id,
        path: landingPages.path,
        status: landingPages.status,
        unpublishedRedirect: landingPages.unpublishedRedirect,
        unpublishedRedirectStatus: landingPages.unpublishedRedirectStatus,
      })
      .from(landingPages),
    db.select({ id: redirects.id, from: redirects.fromPath, to: redirects.toPath, status: redirects.status }).from(redirects),
  ]);
  return () => {
    pagesByPath = new Map(pageRows.map((row) => [row.path, { ...row, published: row.status === "published" }]));
    pathsById = new Map(pageRows.map((row) => [row.id, row.path]));
    redirectsByPath = new Map(redirectRows.map((row) => [row.from.toLowerCase(), { id: row.id, to: row.to, status: row.status }]));
    loaded = true;
  };
}

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
  if (page) return pageAnswer(page, query);
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
    if (kind === "landing-page") {
      const page = value as PageSnapshot | null;
      stagedPages.set(
        key,
        page && {
          id: page.id,
          path: page.path.toLowerCase(),
          published: page.status === "published",
          unpublishedRedirect: page.unpublishedRedirect,
          unpublishedRedirectStatus: page.unpublishedRedirectStatus ?? null,
        },
      );
    } else if (kind === "redirect") {
      const redirect = value as RedirectSnapshot | null;
      stagedRedirects.set(
        key,
        redirect && { id: redirect.id, from: redirect.fromPath.toLowerCase(), to: redirect.toPath, status: redirect.status },
      );
    }
  }
  const pages = overlay(new Map([...pagesByPath.values()].map((page) => [pageKey(page.id), page])), stagedPages);
  const page = [...pages.values()].find((candidate) => candidate.path === path);
  if (page) return pageAnswer(page, query);
  const liveRedirects = new Map([...redirectsByPath].map(([from, redirect]) => [redirectKey(redirect.id), { ...redirect, from }]));
  const redirect = [...overlay(liveRedirects, stagedRedirects).values()].find((candidate) => candidate.from === path);
  return redirect ? redirectAnswer(redirect, query) : undefined;
}

/** A page's address now, for links that name the page itself (`page:12`); undefined once it is gone. */
export function pathForPage(id: number): string | undefined {
  // The link follows the page's address: a render naming it answers for the page's record.
  noteRead(pageKey(id));
  return pathsById.get(id);
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

// Hits are counted in memory and added to the rows in the background: a redirect costs no write.
const pendingHits = new Map<number, { count: number; last: Date }>();

function countHit(id: number) {
  const pending = pendingHits.get(id);
  if (pending) {
    pending.count += 1;
    pending.last = new Date();
  } else pendingHits.set(id, { count: 1, last: new Date() });
}

/** Adds the hits counted since the last flush to their redirects. */
export async function flushRedirectHits(db: Database) {
  if (pendingHits.size === 0) return;
  const batch = [...pendingHits.entries()];
  pendingHits.clear();
  for (const [id, { count, last }] of batch) {
    await db.execute(
      sql`update ${redirects} set hits = hits + ${count}, last_hit_at = greatest(coalesce(last_hit_at, ${last.toISOString()}::timestamptz), ${last.toISOString()}::timestamptz) where id = ${id}`,
    );
  }
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
    tables: [getTableName(landingPages), getTableName(redirects)],
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
