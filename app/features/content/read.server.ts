import { and, asc, eq } from "drizzle-orm";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { menuItems, pageContent, type MenuItemRow } from "~/db/schema";
import { getDb, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { currentPreview, overlayMenu, overlayPageContent } from "~/features/releases/preview/preview-context.server";

export type PageContent = Record<string, string>;
export type MenuType = "header" | "footer";

// Public reads are the same for every visitor: keep them in memory until a write lands.
let version = 0;
const pageCache = new Map<string, Promise<PageContent>>();
const menuCache = new Map<MenuType, Promise<MenuItemRow[]>>();
const listeners = new Set<(version: number) => void>();

/** The content version: it changes whenever any stored content or menu changes. */
export function getContentVersion() {
  return version;
}

export function onContentChange(listener: (version: number) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops every cached read in this process. Writers call notifyContentChanged instead. */
export function clearContentCache() {
  version += 1;
  pageCache.clear();
  menuCache.clear();
  for (const listener of listeners) listener(version);
}

let broadcast: ((db: Database) => Promise<void>) | undefined;

/** Lets other instances hear about writes (PostgreSQL LISTEN/NOTIFY, see server/boot/app.ts). */
export function setContentBroadcast(send: ((db: Database) => Promise<void>) | undefined) {
  broadcast = send;
}

/** Every write calls this after it commits and before it responds. */
export async function notifyContentChanged(db: Database = getDb()) {
  clearContentCache();
  await broadcast?.(db).catch((error: unknown) => logger.error({ err: error }, "content change broadcast failed"));
}

/** Stored rows of one page overlaid on the catalogue defaults; an empty value keeps the default. */
export async function readPageContent(db: Database, page: PageName): Promise<PageContent> {
  const rows = await db
    .select({ section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageName, page))
    .orderBy(asc(pageContent.sectionName));
  const content = defaultsFor(page);
  for (const row of rows) {
    if (row.value.trim() !== "") content[row.section] = row.value;
  }
  return content;
}

/** A page's public content; in a preview request, with the release and the typed values applied (never cached). */
export function getPageContent(page: PageName): Promise<PageContent> {
  const preview = currentPreview();
  const live = livePageContent(page);
  return preview ? live.then((content) => overlayPageContent(page, content, preview)) : live;
}

function livePageContent(page: PageName): Promise<PageContent> {
  let cached = pageCache.get(page);
  if (!cached) {
    cached = readPageContent(getDb(), page).catch((error: unknown) => {
      // A failed read is not cached, and the page still renders from its defaults.
      pageCache.delete(page);
      logger.error({ err: error, page }, "content read failed; serving defaults");
      return defaultsFor(page);
    });
    pageCache.set(page, cached);
  }
  return cached;
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

/** Active items of one menu by sort_order; a failed read yields an empty menu, not an error page. */
export function getActiveMenu(menuType: MenuType): Promise<MenuItemRow[]> {
  const preview = currentPreview();
  const live = liveActiveMenu(menuType);
  return preview ? live.then((items) => overlayMenu(menuType, items, preview)) : live;
}

function liveActiveMenu(menuType: MenuType): Promise<MenuItemRow[]> {
  let cached = menuCache.get(menuType);
  if (!cached) {
    cached = readActiveMenu(getDb(), menuType).catch((error: unknown) => {
      menuCache.delete(menuType);
      logger.error({ err: error, menuType }, "menu read failed");
      return [];
    });
    menuCache.set(menuType, cached);
  }
  return cached;
}
