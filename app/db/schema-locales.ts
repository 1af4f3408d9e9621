import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/**
 * A record's value in a locale other than the records' own (`home/hero_title@de`, `menu:12@fr`):
 * the record store's kinds keep their default-locale values in their own tables and every other
 * locale's here, written by the one pipeline like any value. `source` is the default-locale value
 * (its text) the translation was saved against: when that changes, the translation is stale.
 */
export const recordTranslations = pgTable(
  "record_translations",
  {
    /** The record's key without its locale (`home/hero_title`, `menu:12`). */
    record: text("record").notNull(),
    locale: text("locale").notNull(),
    value: jsonb("value").notNull(),
    source: text("source"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.record, table.locale] }),
    index("record_translations_locale").on(table.locale),
    // A landing page's version in a locale has its own address (app/features/pages): one page per
    // address within a locale, the same address in two locales allowed.
    uniqueIndex("record_translations_page_path_unique")
      .on(table.locale, sql`(${table.value} ->> 'path')`)
      .where(sql`${table.record} like 'page:%'`),
  ],
);
