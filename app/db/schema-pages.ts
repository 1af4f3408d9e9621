import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// Landing pages (app/features/pages): a page built from typed blocks, and redirects from old
// addresses. The blocks are JSON checked per block type by Zod on write and on read.
export const landingPages = pgTable(
  "landing_pages",
  {
    id: serial("id").primaryKey(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: ["draft", "published", "unpublished"] })
      .notNull()
      .default("draft"),
    /** Where an unpublished page's address sends visitors; null answers 404. */
    unpublishedRedirect: text("unpublished_redirect"),
    /** The unpublished page's redirect status (301 or 302); null answers 302. */
    unpublishedRedirectStatus: integer("unpublished_redirect_status"),
    /** When a published page unpublishes by itself (a campaign's end); null: it stays. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Where the ended page's address then sends visitors (a site path or an http(s) address); null answers 404. */
    endRedirect: text("end_redirect"),
    /** The ended page's redirect status (301 or 302). */
    endRedirectStatus: integer("end_redirect_status"),
    seo: jsonb("seo").notNull().default({}),
    blocks: jsonb("blocks").notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("landing_pages_path_unique").on(table.path),
    check("landing_pages_status_check", sql`${table.status} in ('draft', 'published', 'unpublished')`),
    index("landing_pages_ends_at_idx").on(table.endsAt),
  ],
);

export const redirects = pgTable(
  "redirects",
  {
    id: serial("id").primaryKey(),
    fromPath: text("from_path").notNull(),
    /** A site path or an absolute http(s) URL. */
    toPath: text("to_path").notNull(),
    status: integer("status").notNull().default(301),
    /** Made by a page's change of address, not by hand. */
    automatic: boolean("automatic").notNull().default(false),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("redirects_from_path_unique").on(table.fromPath),
    check("redirects_status_check", sql`${table.status} in (301, 302)`),
  ],
);

export type LandingPageRow = typeof landingPages.$inferSelect;
export type RedirectRow = typeof redirects.$inferSelect;
