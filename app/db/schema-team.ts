import { sql, type SQL } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** The dashboard's roles as stored (app/features/access/matrix.ts names what each may do; a test keeps the two lists equal). */
export const TEAM_ROLES = ["administrator", "publisher", "reviewer", "author", "translator", "analyst"] as const;

/** A check that a column holds one of the roles. */
export const roleIn = (column: AnyPgColumn): SQL => sql`${column} in (${sql.raw(TEAM_ROLES.map((role) => `'${role}'`).join(", "))})`;

/** The dashboard's own settings (who may sign up, …): never public content. */
export const adminSettings = pgTable("admin_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in and sign-up attempts per client address, shared by every server on the database: one
 * row per limited key (an HMAC of the attempt kind and the address, never the address) holding
 * the times of the attempts let through in the last window. Each attempt is one upsert that
 * locks the row, so concurrent attempts on several servers are counted one after another.
 * `allowed` is the verdict of the row's latest attempt; rows past `expires_at` are pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: timestamp("hits", { withTimezone: true }).array().notNull(),
    allowed: boolean("allowed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limits_expires_idx").on(table.expiresAt)],
);
