import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { menuItems, type MenuItemRow } from "~/db/schema";
import { menuItemSchema, menuMessages, type MenuItemInput, type menuItemUpdateSchema } from "~/schemas/menu";
import { notifyContentChanged } from "./content.server";
import type { Database } from "./db.server";

/** SPEC §7 "Read menu": every item, active or not, by sort order (then age), optionally of one menu. */
export function listMenuItems(db: Database, menuType?: MenuItemRow["menuType"]): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(menuType ? eq(menuItems.menuType, menuType) : undefined)
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

export class MenuItemError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string[] | undefined>,
  ) {
    super(message);
  }
}

/** Adds an item: active at once, with a generated section name (SPEC §3). */
export async function createMenuItem(db: Database, input: MenuItemInput): Promise<MenuItemRow> {
  const [created] = await db
    .insert(menuItems)
    .values({ ...input, sectionName: `custom_${Date.now()}`, isActive: true })
    .returning();
  if (!created) throw new MenuItemError(menuMessages.createFailed, 500);
  await notifyContentChanged(db);
  return created;
}

type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema>;

/**
 * SPEC §5: fields the edit leaves out come from the stored item, then the whole item is
 * checked again, so an edit can never store what an add would refuse.
 */
export async function updateMenuItem(db: Database, input: MenuItemUpdate): Promise<MenuItemRow> {
  const [stored] = await db.select().from(menuItems).where(eq(menuItems.id, input.id));
  if (!stored) throw new MenuItemError(menuMessages.notFound, 404);
  const merged = menuItemSchema.safeParse({
    displayName: input.displayName ?? stored.displayName,
    url: input.url ?? stored.url,
    menuType: input.menuType ?? stored.menuType,
    sortOrder: input.sortOrder ?? stored.sortOrder,
  });
  if (!merged.success) {
    const { fieldErrors } = z.flattenError(merged.error);
    throw new MenuItemError(merged.error.issues[0]?.message ?? menuMessages.invalid, 400, fieldErrors);
  }
  const [updated] = await db.update(menuItems).set(merged.data).where(eq(menuItems.id, input.id)).returning();
  if (!updated) throw new MenuItemError(menuMessages.notFound, 404);
  await notifyContentChanged(db);
  return updated;
}

/** Shows or hides an item on the public site. */
export async function setMenuItemActive(db: Database, id: number, isActive: boolean): Promise<MenuItemRow> {
  const [updated] = await db.update(menuItems).set({ isActive }).where(eq(menuItems.id, id)).returning();
  if (!updated) throw new MenuItemError(menuMessages.notFound, 404);
  await notifyContentChanged(db);
  return updated;
}

export async function deleteMenuItem(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(menuItems).where(eq(menuItems.id, id)).returning({ id: menuItems.id });
  if (deleted.length === 0) throw new MenuItemError(menuMessages.notFound, 404);
  await notifyContentChanged(db);
}
