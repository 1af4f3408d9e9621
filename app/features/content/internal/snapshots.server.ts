// What a revision of a page content row or a menu item records (its snapshot), and putting one
// back as the live value. The record kinds of this feature (records.server.ts) read and apply
// through these.
import { and, eq, sql } from "drizzle-orm";
import { menuItems, pageContent, type MenuItemRow, type PageContentRow } from "~/db/schema";
import type { Executor } from "~/features/records/executor";

/** What a page content row was or became: everything but its id and time stamp. */
export type ContentSnapshot = Pick<PageContentRow, "pageName" | "sectionName" | "contentType" | "contentValue" | "richContent" | "pageUrl">;
export type MenuSnapshot = Omit<MenuItemRow, "createdAt">;

export function contentSnapshot(row: PageContentRow | undefined): ContentSnapshot | null {
  if (!row) return null;
  const { pageName, sectionName, contentType, contentValue, richContent, pageUrl } = row;
  return { pageName, sectionName, contentType, contentValue, richContent: richContent ?? null, pageUrl: pageUrl ?? null };
}

export function menuSnapshot(row: MenuItemRow | undefined): MenuSnapshot | null {
  if (!row) return null;
  const { createdAt: _createdAt, ...rest } = row;
  return rest;
}

/** Puts a page content row back as a snapshot recorded it; null removes the row. */
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

/** Puts a menu item back under its own id as a snapshot recorded it; null removes it. */
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
