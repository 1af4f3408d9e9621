import { and, eq, sql } from "drizzle-orm";
import { menuItems, pageContent, type MenuItemRow, type PageContentRow } from "~/db/schema";
import type { ContentSnapshot, Executor, MenuSnapshot } from "./revisions.server";

/** Puts a page content row back as a revision recorded it; null removes the row. */
export async function applyContentSnapshot(
  executor: Executor,
  page: string,
  section: string,
  snapshot: ContentSnapshot | null,
): Promise<PageContentRow | undefined> {
  const where = and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section));
  if (!snapshot) {
    await executor.delete(pageContent).where(where);
    return undefined;
  }
  const values = {
    contentType: snapshot.contentType,
    contentValue: snapshot.contentValue,
    richContent: snapshot.richContent ?? null,
    pageUrl: snapshot.pageUrl ?? null,
  };
  const [row] = await executor
    .insert(pageContent)
    .values({ pageName: page, sectionName: section, ...values })
    .onConflictDoUpdate({ target: [pageContent.pageName, pageContent.sectionName], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** Puts a menu item back under its own id as a revision recorded it; null removes it. */
export async function applyMenuSnapshot(executor: Executor, id: number, snapshot: MenuSnapshot | null): Promise<MenuItemRow | undefined> {
  if (!snapshot) {
    await executor.delete(menuItems).where(eq(menuItems.id, id));
    return undefined;
  }
  const { id: _id, ...values } = snapshot;
  const [row] = await executor
    .insert(menuItems)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: menuItems.id, set: values })
    .returning();
  return row;
}
