import { asc, eq, getTableName } from "drizzle-orm";
import { z } from "zod";
import { menuItems, type MenuItemRow } from "~/db/schema";
import { menuItemSchema, menuMessages, type MenuItemInput, type menuItemUpdateSchema } from "~/features/content/menu/schema";
import { notifyContentChanged } from "~/features/content/read.server";
import type { Database } from "~/platform/db.server";
import { runWrite } from "~/features/releases/staging.server";
import { applyMenuSnapshot } from "~/features/history/restore-snapshot.server";
import {
  checkVersion,
  lockKey,
  menuKey,
  menuSnapshot,
  recordRevision,
  type Actor,
  type Executor,
  type MenuSnapshot,
  type RevisionAction,
} from "~/features/history/revisions.server";

/** The menu as the admin reads it: every item, active or not, by sort order (then age), optionally of one menu. */
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

/**
 * Writes one menu item and its revision in one transaction, then invalidates cached reads.
 * `change` answers the item as it is now (undefined when deleted).
 */
async function writeMenuItem(
  db: Database,
  write: {
    id: number | null;
    actor: Actor;
    version?: number;
    action: RevisionAction;
    change: (transaction: Executor, before: MenuItemRow | undefined) => Promise<MenuItemRow | undefined>;
  },
) {
  // With a release open the write is staged into it instead (nothing goes live, no cache clear).
  const { result, staged } = await runWrite(db, write.actor, async (transaction) => {
    let before: MenuItemRow | undefined;
    if (write.id !== null) {
      await lockKey(transaction, menuKey(write.id));
      [before] = await transaction.select().from(menuItems).where(eq(menuItems.id, write.id));
      if (!before && write.action !== "restore") throw new MenuItemError(menuMessages.notFound, 404);
      await checkVersion(transaction, menuKey(write.id), write.version, menuSnapshot(before));
    }
    const after = await write.change(transaction, before);
    const id = write.id ?? after?.id;
    await recordRevision(transaction, {
      key: menuKey(id!),
      area: "menu",
      action: write.action,
      before: menuSnapshot(before),
      after: menuSnapshot(after),
      actor: write.actor,
    });
    return after;
  });
  if (!staged) await notifyContentChanged(db, [getTableName(menuItems)]);
  return result;
}

/** Adds an item: active at once, with a generated section name. */
export async function createMenuItem(db: Database, input: MenuItemInput, actor: Actor): Promise<MenuItemRow> {
  const created = await writeMenuItem(db, {
    id: null,
    actor,
    action: "create",
    change: async (transaction) => {
      const [row] = await transaction
        .insert(menuItems)
        .values({ ...input, sectionName: `custom_${Date.now()}`, isActive: true })
        .returning();
      if (!row) throw new MenuItemError(menuMessages.createFailed, 500);
      return row;
    },
  });
  return created!;
}

type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema> & { version?: number };

/**
 * Fields the edit leaves out come from the stored item, then the whole item is
 * checked again, so an edit can never store what an add would refuse.
 */
export async function updateMenuItem(db: Database, input: MenuItemUpdate, actor: Actor): Promise<MenuItemRow> {
  const updated = await writeMenuItem(db, {
    id: input.id,
    actor,
    version: input.version,
    action: "update",
    change: async (transaction, stored) => {
      const merged = menuItemSchema.safeParse({
        displayName: input.displayName ?? stored!.displayName,
        url: input.url ?? stored!.url,
        menuType: input.menuType ?? stored!.menuType,
        sortOrder: input.sortOrder ?? stored!.sortOrder,
      });
      if (!merged.success) {
        const { fieldErrors } = z.flattenError(merged.error);
        throw new MenuItemError(merged.error.issues[0]?.message ?? menuMessages.invalid, 400, fieldErrors);
      }
      const [row] = await transaction.update(menuItems).set(merged.data).where(eq(menuItems.id, input.id)).returning();
      return row;
    },
  });
  return updated!;
}

/** Shows or hides an item on the public site. */
export async function setMenuItemActive(db: Database, id: number, isActive: boolean, actor: Actor): Promise<MenuItemRow> {
  const updated = await writeMenuItem(db, {
    id,
    actor,
    action: "update",
    change: async (transaction) => (await transaction.update(menuItems).set({ isActive }).where(eq(menuItems.id, id)).returning())[0],
  });
  return updated!;
}

export async function deleteMenuItem(db: Database, id: number, actor: Actor): Promise<void> {
  await writeMenuItem(db, {
    id,
    actor,
    action: "delete",
    change: async (transaction) => {
      await transaction.delete(menuItems).where(eq(menuItems.id, id));
      return undefined;
    },
  });
}

/** Puts a menu item back as a revision of it recorded it (also a deleted one). */
export async function restoreMenuItem(db: Database, id: number, snapshot: MenuSnapshot | null, actor: Actor, version?: number) {
  return writeMenuItem(db, {
    id,
    actor,
    version,
    action: "restore",
    change: (transaction) => applyMenuSnapshot(transaction, id, snapshot),
  });
}
