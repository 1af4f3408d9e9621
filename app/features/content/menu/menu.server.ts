import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { menuItems, type MenuItemRow } from "~/db/schema";
import { menuItemSchema, menuMessages, type MenuItemInput, type menuItemUpdateSchema } from "~/features/content/menu/schema";
import type { Database } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Actor, RevisionAction } from "~/features/records/revisions.server";
import { writeRecords, type WriteContext } from "~/features/records/write.server";
import { menuRecordKey } from "~/features/content/records.server";
import type { MenuSnapshot } from "~/features/content/internal/snapshots.server";

/** The menu as the admin reads it: every item, active or not, by sort order (then age), optionally of one menu. */
export function listMenuItems(db: Database, menuType?: MenuItemRow["menuType"]): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(menuType ? eq(menuItems.menuType, menuType) : undefined)
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

/** A refused menu write (not found, invalid): its status, message and fields. */
export class MenuItemError extends Refusal {
  constructor(message: string, status: number, fieldErrors?: Record<string, string[] | undefined>) {
    super(status, message, { fieldErrors });
  }
}

/**
 * Writes one menu item through the record store (its revision in the same transaction, the
 * caches told; staged into an open release instead). `change` answers what the item becomes.
 */
async function writeMenuItem(
  db: Database,
  write: {
    id: number | null;
    actor: Actor;
    version?: number;
    action: RevisionAction;
    change: (before: MenuSnapshot | null, context: WriteContext) => MenuSnapshot | null | Promise<MenuSnapshot | null>;
  },
) {
  const known = write.id === null ? undefined : menuRecordKey(write.id);
  const outcome = await writeRecords(db, {
    actor: write.actor,
    action: write.action,
    key: known,
    version: write.version,
    async plan(context, before) {
      if (known && !before && write.action !== "restore") throw new MenuItemError(menuMessages.notFound, 404);
      const after = await write.change(before as MenuSnapshot | null, context);
      const key = known ?? menuRecordKey(after!.id);
      return { result: after, changes: [{ key, after }] };
    },
  });
  return outcome === false ? null : outcome.result;
}

/** Adds an item: active at once, with a generated section name. */
export async function createMenuItem(db: Database, input: MenuItemInput, actor: Actor): Promise<MenuSnapshot> {
  const created = await writeMenuItem(db, {
    id: null,
    actor,
    action: "create",
    change: async (_before, context) => ({
      id: Number(await context.allocateId("menu-item")),
      ...input,
      sectionName: `custom_${Date.now()}`,
      isActive: true,
    }),
  });
  return created!;
}

type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema> & { version?: number };

/**
 * Fields the edit leaves out come from the stored item, then the whole item is
 * checked again, so an edit can never store what an add would refuse.
 */
export async function updateMenuItem(db: Database, input: MenuItemUpdate, actor: Actor): Promise<MenuSnapshot> {
  const updated = await writeMenuItem(db, {
    id: input.id,
    actor,
    version: input.version,
    action: "update",
    change: (stored) => {
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
      return { ...stored!, ...merged.data };
    },
  });
  return updated!;
}

/** Shows or hides an item on the public site. */
export async function setMenuItemActive(db: Database, id: number, isActive: boolean, actor: Actor): Promise<MenuSnapshot> {
  const updated = await writeMenuItem(db, {
    id,
    actor,
    action: "update",
    change: (stored) => ({ ...stored!, isActive }),
  });
  return updated!;
}

export async function deleteMenuItem(db: Database, id: number, actor: Actor): Promise<void> {
  await writeMenuItem(db, {
    id,
    actor,
    action: "delete",
    change: () => null,
  });
}

/** Puts a menu item back as a revision of it recorded it (also a deleted one). */
export async function restoreMenuItem(db: Database, id: number, snapshot: MenuSnapshot | null, actor: Actor, version?: number) {
  return writeMenuItem(db, {
    id,
    actor,
    version,
    action: "restore",
    change: () => (snapshot ? { ...snapshot, id } : null),
  });
}
