import { and, asc, eq, inArray } from "drizzle-orm";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { menuItems, pageContent, type MenuItemRow } from "~/db/schema";
import { getDb, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { isConnectionError } from "~/platform/database-outage.server";
import { currentPreview, overlayMenu, overlayPageContent } from "~/features/releases/preview/preview-context.server";
import { addContentReader, advanceContentVersion } from "./version.server";

export type PageContent = Record<string, string>;
export type MenuType = "header" | "footer";

export { clearContentCache, getContentVersion, onContentChange } from "./version.server";

// Public reads are the same for every visitor: kept in memory for the content version, and read
// ahead for the next one after a write (version.server.ts).
let pageCache = new Map<string, Promise<PageContent>>();
let menuCache = new Map<MenuType, Promise<MenuItemRow[]>>();

let broadcast: ((db: Database) => Promise<void>) | undefined;

/** Lets other instances hear about writes (PostgreSQL LISTEN/NOTIFY, see server/boot/app.ts). */
export function setContentBroadcast(send: ((db: Database) => Promise<void>) | undefined) {
  broadcast = send;
}

/**
 * Every write calls this after it commits and before it responds: the next version's content is
 * read, made current, and announced to the other instances. `changed` names the tables the
 * write changed, when it knows them: readers of other tables keep their values.
 */
export async function notifyContentChanged(db: Database = getDb(), changed?: readonly string[]) {
  await advanceContentVersion(db, changed);
  await broadcast?.(db).catch((error: unknown) => logger.error({ err: error }, "content change broadcast failed"));
}

/** Stored rows of a page overlaid on the catalogue defaults; an empty value keeps the default. */
function overlaid(page: PageName, rows: { section: string; value: string }[]): PageContent {
  const content = defaultsFor(page);
  for (const row of rows) {
    if (row.value.trim() !== "") content[row.section] = row.value;
  }
  return content;
}

/** One page's stored rows overlaid on its catalogue defaults. */
export async function readPageContent(db: Database, page: PageName): Promise<PageContent> {
  const rows = await db
    .select({ section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageName, page))
    .orderBy(asc(pageContent.sectionName));
  return overlaid(page, rows);
}

/** Several pages' content in one read. */
async function readPagesContent(db: Database, pages: PageName[]): Promise<Map<PageName, PageContent>> {
  if (pages.length === 0) return new Map();
  const rows = await db
    .select({ page: pageContent.pageName, section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(inArray(pageContent.pageName, pages))
    .orderBy(asc(pageContent.pageName), asc(pageContent.sectionName));
  return new Map(
    pages.map((page) => [
      page,
      overlaid(
        page,
        rows.filter((row) => row.page === page),
      ),
    ]),
  );
}

/** A page's public content; in a preview request, with the release and the typed values applied (never cached). */
export function getPageContent(page: PageName): Promise<PageContent> {
  const preview = currentPreview();
  const live = livePageContent(page);
  return preview ? live.then((content) => overlayPageContent(page, content, preview)) : live;
}

/**
 * The kept read of `key`, read now when missing. A failed read is not kept (a later use reads
 * again) and yields `fallback`; the map is the one of the version the read began in.
 */
function keptRead<K, V>(cache: Map<K, Promise<V>>, key: K, read: () => Promise<V>, fallback: (error: unknown) => V): Promise<V> {
  const kept = cache.get(key);
  if (kept) return kept;
  const reading: Promise<V> = read().catch((error: unknown) => {
    if (cache.get(key) === reading) cache.delete(key);
    // The database out of reach: the request fails as an outage (a 503, server/http/database-outage.ts)
    // rather than rendering the defaults, which the page cache would keep as the page.
    if (isConnectionError(error)) throw error;
    return fallback(error);
  });
  cache.set(key, reading);
  return reading;
}

function livePageContent(page: PageName): Promise<PageContent> {
  // A page whose read failed still renders, from its defaults.
  return (
    pageCache.get(page) ??
    keptRead(
      pageCache,
      page,
      () => readPageContent(getDb(), page),
      (error) => {
        logger.error({ err: error, page }, "content read failed; serving defaults");
        return defaultsFor(page);
      },
    )
  );
}

export function getSettings(): Promise<PageContent> {
  return getPageContent("global");
}

export async function readActiveMenu(db: Database, menuType: MenuType): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.menuType, menuType), eq(menuItems.isActive, true)))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

/** Several menus' active items in one read, each in its order. */
async function readActiveMenus(db: Database, menuTypes: MenuType[]): Promise<Map<MenuType, MenuItemRow[]>> {
  if (menuTypes.length === 0) return new Map();
  const rows = await db
    .select()
    .from(menuItems)
    .where(and(inArray(menuItems.menuType, menuTypes), eq(menuItems.isActive, true)))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  return new Map(menuTypes.map((menuType) => [menuType, rows.filter((row) => row.menuType === menuType)]));
}

/** Active items of one menu by sort_order; a failed read yields an empty menu, not an error page. */
export function getActiveMenu(menuType: MenuType): Promise<MenuItemRow[]> {
  const preview = currentPreview();
  const live = liveActiveMenu(menuType);
  return preview ? live.then((items) => overlayMenu(menuType, items, preview)) : live;
}

function liveActiveMenu(menuType: MenuType): Promise<MenuItemRow[]> {
  return (
    menuCache.get(menuType) ??
    keptRead(
      menuCache,
      menuType,
      () => readActiveMenu(getDb(), menuType),
      (error) => {
        logger.error({ err: error, menuType }, "menu read failed");
        return [];
      },
    )
  );
}

// The pages and menus visitors have asked for are read ahead for the next version, two reads in all.
addContentReader({
  name: "page content and menus",
  async prepare(db) {
    const [pages, menus] = await Promise.all([
      readPagesContent(db, [...pageCache.keys()] as PageName[]),
      readActiveMenus(db, [...menuCache.keys()]),
    ]);
    return () => {
      pageCache = new Map([...pages].map(([page, content]) => [page, Promise.resolve(content)]));
      menuCache = new Map([...menus].map(([menuType, items]) => [menuType, Promise.resolve(items)]));
    };
  },
  drop() {
    pageCache = new Map();
    menuCache = new Map();
  },
});
