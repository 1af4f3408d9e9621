import { and, asc, eq, inArray } from "drizzle-orm";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { menuItems, pageContent, type MenuItemRow } from "~/db/schema";
import { getDb, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { addContentReader } from "~/features/records/version.server";
import { currentPreview, type PreviewState } from "~/features/records/preview-context.server";
import { overlayAll } from "~/features/records/overlay";
import { tryParseKey } from "~/features/records/kinds";
import { kindGroup, noteRead, pageContentGroup } from "~/features/records/read-tags.server";
import { menuRecordKey } from "./records.server";
import { contentSnapshot, type ContentSnapshot } from "./internal/snapshots.server";
import { isConnectionError } from "~/platform/database-outage.server";
import { keepLocalized, localizedPage, localizeMenu, localizePage, translationChain } from "./localized-read.server";

export type PageContent = Record<string, string>;
export type MenuType = "header" | "footer";

export {
  clearContentCache,
  getContentVersion,
  notifyContentChanged,
  onContentChange,
  setContentBroadcast,
} from "~/features/records/version.server";

// Public reads are the same for every visitor: kept in memory for the content version, and read
// ahead for the next one after a write (version.server.ts).
let pageCache = new Map<string, Promise<PageContent>>();
let menuCache = new Map<MenuType, Promise<MenuItemRow[]>>();

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
  // The whole page's rows reach the answer (its loader data carries them all), in every locale.
  noteRead(pageContentGroup(page));
  const preview = currentPreview();
  const own = preview ? previewPageContent(page, preview) : livePageContent(page);
  const chain = translationChain();
  if (chain.length === 0) return own;
  if (preview) return localizePage(page, own, chain);
  const key = `${page}@${chain.join(",")}`;
  return localizedPage(key) ?? keepLocalized(key, localizePage(page, own, chain));
}

/**
 * A page's rows (key text → value) as a preview shows them: the release's staged rows, then the
 * values typed beside an editor, over the live rows, through the store's one overlay.
 */
export function previewRows(page: string, live: ReadonlyMap<string, ContentSnapshot>, preview: PreviewState) {
  const prefix = `${page}/`;
  const typed = new Map<string, ContentSnapshot>();
  for (const [key, value] of preview.draft) {
    if (!key.startsWith(prefix)) continue;
    const stored = (preview.staged.get(key) as ContentSnapshot | null | undefined) ?? live.get(key);
    typed.set(key, {
      ...(stored ?? { pageName: page, sectionName: key.slice(prefix.length), contentType: "text", richContent: null, pageUrl: null }),
      contentValue: value,
    });
  }
  return overlayAll(live, [preview.staged, typed], (key) => key.startsWith(prefix) && !key.includes("@"));
}

async function previewPageContent(page: PageName, preview: PreviewState): Promise<PageContent> {
  const rows = await getDb().select().from(pageContent).where(eq(pageContent.pageName, page));
  const live = new Map(rows.map((row) => [`${row.pageName}/${row.sectionName}`, contentSnapshot(row)!]));
  const values = [...previewRows(page, live, preview).values()].map((row) => ({ section: row.sectionName, value: row.contentValue }));
  return overlaid(page, values);
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
  // Any menu item may join this menu (moved, shown again): the answer reads them all.
  noteRead(kindGroup("menu"));
  const preview = currentPreview();
  const live = liveActiveMenu(menuType);
  const items = preview ? live.then((items) => previewMenu(menuType, items, preview)) : live;
  const chain = translationChain();
  return chain.length === 0 ? items : localizeMenu(items, chain);
}

/** The active items of one menu with the release's staged additions, edits, moves, hides and deletions. */
function previewMenu(menuType: MenuType, live: MenuItemRow[], preview: PreviewState): MenuItemRow[] {
  if (preview.staged.size === 0) return live;
  const byKey = new Map(live.map((item) => [menuRecordKey(item.id).text, item]));
  const merged = overlayAll(byKey, [preview.staged], (key) => tryParseKey(key)?.kind === "menu-item");
  return [...merged.values()]
    .filter((item) => item.isActive && item.menuType === menuType)
    .map((item) => ({ ...item, createdAt: item.createdAt ?? new Date(0) }))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
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
