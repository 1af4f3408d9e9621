import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Purges owed to the edge caches (app/features/edge-cache): one row per change and configured
 * edge, written after the change commits. A server claims due rows (`FOR UPDATE SKIP LOCKED`,
 * pushing `next_at` ahead as a lease), sends their tags and records the outcome, so a purge
 * survives an edge that is down and a restart. Done rows are kept a day for the dashboard.
 */
export const edgePurges = pgTable(
  "edge_purges",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The edge's name as the dashboard and the metrics show it (never a token). */
    target: text("target").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** The last failed attempt's reason (a status or connection error, never a token). */
    error: text("error"),
  },
  (table) => [
    index("edge_purges_due_idx")
      .on(table.nextAt)
      .where(sql`${table.doneAt} is null`),
    index("edge_purges_created_idx").on(table.createdAt),
  ],
);
