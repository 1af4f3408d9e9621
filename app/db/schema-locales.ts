import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The site's locales: BCP 47 codes from the allow-list (app/features/locales/allow-list.ts). A
 * drafted locale is seen only in a preview; a public one is served under its prefix (`/de/…`).
 * Exactly one is the default, served without a prefix. A fresh install has English alone.
 */
export const localeStates = ["draft", "public"] as const;

export const siteLocales = pgTable(
  "site_locales",
  {
    code: text("code").primaryKey(),
    state: text("state", { enum: localeStates }).notNull().default("draft"),
    isDefault: boolean("is_default").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("site_locales_one_default")
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
    check("site_locales_state_check", sql`${table.state} in ('draft', 'public')`),
    check("site_locales_default_public_check", sql`not ${table.isDefault} or ${table.state} = 'public'`),
  ],
);
