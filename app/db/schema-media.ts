import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, real, serial, text, timestamp } from "drizzle-orm/pg-core";
import { releaseChanges, releases } from "./schema-releases";

/**
 * Where each upload is used (app/features/media): a row per stored upload path a record names,
 * live or staged in a release. Kept by the record store's writes in their own transaction; a
 * staged row goes with its release change (unstaged, discarded or the release deleted).
 */
export const mediaUsages = pgTable(
  "media_usages",
  {
    id: serial("id").primaryKey(),
    /** The upload's stored site path, `/uploads/<name>`. */
    path: text("path").notNull(),
    /** The record's key text, its kind and locale. */
    recordKey: text("record_key").notNull(),
    recordKind: text("record_kind").notNull(),
    locale: text("locale").notNull(),
    /** Staged in a release (not yet live). */
    staged: boolean("staged").notNull().default(false),
    releaseId: integer("release_id").references(() => releases.id, { onDelete: "cascade" }),
    releaseChangeId: integer("release_change_id").references(() => releaseChanges.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("media_usages_path_idx").on(table.path),
    index("media_usages_record_idx").on(table.recordKey, table.staged),
    check("media_usages_staged_check", sql`${table.staged} = (${table.releaseId} is not null)`),
  ],
);

/** One row: whether the usage index must be rebuilt from the records (a new install of it, a restore). */
export const mediaIndexState = pgTable("media_index_state", {
  id: integer("id").primaryKey().default(1),
  stale: boolean("stale").notNull().default(true),
  /** Whether the file catalogue (media_files) must be made again from the upload store's listing. */
  filesStale: boolean("files_stale").notNull().default(true),
});

/**
 * The media library's catalogue: a row per stored upload (its original, not its responsive
 * copies), written when the upload is stored and removed with it, so the library answers from
 * the database, not from a listing of the disk or the bucket. Files stored before the catalogue
 * (or restored from a backup) are added from the store's listing once (`files_stale`).
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    /** The stored name, `uploads/<name>`, served at `/uploads/<name>`. */
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Pixels, for images; null when unknown (a file found in the store without its info). */
    width: integer("width"),
    height: integer("height"),
    /** The account that uploaded it (as release authors are kept: the account may be deleted later); null for files found in the store. */
    uploadedBy: text("uploaded_by"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when nothing uses it, live or staged (null: in use). Kept with the usage index
     * (media/usage.server.ts); "unused for 30 days" deletes by it.
     */
    unusedSince: timestamp("unused_since", { withTimezone: true }),
  },
  (table) => [
    index("media_files_uploaded_at_idx").on(table.uploadedAt, table.name),
    index("media_files_uploaded_by_idx").on(table.uploadedBy),
    index("media_files_unused_since_idx").on(table.unusedSince),
  ],
);

/**
 * What an administrator says about a file of the library (app/features/media/info.server.ts): alt
 * text and caption per site locale, whether the image is decorative, tags and the focal point.
 * A record kind of the record store (`media:<name>`): every change has a revision, a log line and
 * the version check; backups carry it with the rest of the database.
 */
export const mediaFileInfo = pgTable(
  "media_file_info",
  {
    /** The file's stored name (media_files.name). */
    name: text("name").primaryKey(),
    /** Alt text by locale code. */
    alt: jsonb("alt").$type<Record<string, string>>().notNull().default({}),
    /** The image says nothing the text around it does not (alt=""): no alt text is asked for. */
    decorative: boolean("decorative").notNull().default(false),
    /** Caption by locale code. */
    caption: jsonb("caption").$type<Record<string, string>>().notNull().default({}),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The focal point, 0..1 from the image's left and top; null: the centre. */
    focalX: real("focal_x"),
    focalY: real("focal_y"),
    /** The newer version's stored name, when the file was replaced; its earlier versions, newest first. */
    replacedBy: text("replaced_by"),
    previous: jsonb("previous").$type<string[]>().notNull().default([]),
    /** Lower-cased alt texts, captions and tags, what the library's search matches. */
    searchText: text("search_text").notNull().default(""),
  },
  (table) => [
    check(
      "media_file_info_focal_check",
      sql`(${table.focalX} is null) = (${table.focalY} is null) and coalesce(${table.focalX} between 0 and 1 and ${table.focalY} between 0 and 1, true)`,
    ),
  ],
);

export type MediaUsageRow = typeof mediaUsages.$inferSelect;
export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type MediaFileInfoRow = typeof mediaFileInfo.$inferSelect;
