import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const pageContent = pgTable(
  "page_content",
  {
    id: serial("id").primaryKey(),
    pageName: text("page_name").notNull(),
    sectionName: text("section_name").notNull(),
    contentType: text("content_type", { enum: ["text", "image", "url", "rich_text"] })
      .notNull()
      .default("text"),
    contentValue: text("content_value").notNull().default(""),
    richContent: jsonb("rich_content"),
    pageUrl: text("page_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("page_content_page_section_unique").on(table.pageName, table.sectionName),
    check("page_content_content_type_check", sql`${table.contentType} in ('text', 'image', 'url', 'rich_text')`),
  ],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    displayName: text("display_name").notNull(),
    url: text("url").notNull(),
    menuType: text("menu_type", { enum: ["header", "footer"] }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    sectionName: text("section_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("menu_items_type_order_idx").on(table.menuType, table.sortOrder),
    check("menu_items_menu_type_check", sql`${table.menuType} in ('header', 'footer')`),
    check("menu_items_sort_order_check", sql`${table.sortOrder} between 0 and 999`),
  ],
);

export type PageContentRow = typeof pageContent.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
