import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Raw bytes (PGlite answers a Uint8Array, node-postgres a Buffer: both read as a Buffer). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * What public pages serve changed: written in the change's own transaction (the record store's
 * live writes, the site locales), read by the archive's worker (app/features/archive). A row is
 * done once its entry is in the chain, in the same transaction.
 */
export const archiveOutbox = pgTable(
  "archive_outbox",
  {
    id: serial("id").primaryKey(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** What changed: `save`, `release.publish`, `history.undo`, `restore`, `locales`, `start`. */
    kind: text("kind").notNull(),
    userId: text("user_id"),
    userEmail: text("user_email"),
    releaseId: integer("release_id"),
    /** The change's revision group, when it made one. */
    groupId: text("group_id"),
    /** The records the change named (key texts); null: unknown, every page may have changed. */
    records: jsonb("records").$type<string[] | null>(),
    entryId: integer("entry_id"),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    index("archive_outbox_pending_idx")
      .on(table.id)
      .where(sql`${table.doneAt} is null`),
  ],
);

/**
 * One entry of the archive's hash chain per publish: its hash commits to the previous entry's
 * hash, to what the publish was, and to the hash of every page it stored (docs/archive.md).
 */
export const archiveEntries = pgTable(
  "archive_entries",
  {
    id: serial("id").primaryKey(),
    outboxId: integer("outbox_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    userEmail: text("user_email"),
    releaseId: integer("release_id"),
    groupId: text("group_id"),
    /** Pages whose served bytes changed with this publish (the others serve what they served before). */
    pageCount: integer("page_count").notNull(),
    /**
     * False when a later publish came before the pages were captured: the pages served from this
     * publish until the next are not known apart, and the next entry stores what both left.
     */
    captured: boolean("captured").notNull().default(true),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    /** The hash's format (format.js): 1, pages without their assets; 2, with them and a retention checkpoint's hash. */
    format: integer("format").notNull().default(1),
    /** A retention entry's: the hash of the checkpoint it kept (archive_checkpoints), so the chain commits to it. */
    checkpoint: text("checkpoint"),
  },
  (table) => [
    uniqueIndex("archive_entries_outbox_idx").on(table.outboxId),
    uniqueIndex("archive_entries_previous_idx").on(table.previousHash),
    index("archive_entries_changed_idx").on(table.changedAt),
  ],
);

/** A page as an entry stored it: its address, locale, status, and the hash of its bytes. */
export const archivePages = pgTable(
  "archive_pages",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => archiveEntries.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    locale: text("locale").notNull(),
    status: integer("status").notNull(),
    /** Where a redirect sends visitors (its body is empty). */
    location: text("location"),
    /** SHA-256 (hex) of the bytes served; a row of archive_blobs. */
    sha256: text("sha256").notNull(),
    /** The stylesheets and images the page referenced, each stored in archive_blobs by its SHA-256. */
    assets: jsonb("assets").$type<ArchivedAssetRow[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex("archive_pages_entry_path_idx").on(table.entryId, table.path),
    index("archive_pages_path_idx").on(table.path, table.entryId),
  ],
);

/** An asset a page referenced: the address as the page wrote it, its bytes' SHA-256, its type. */
export interface ArchivedAssetRow {
  url: string;
  sha256: string;
  type: string;
}

/** The bytes served (pages, and the stylesheets and images they referenced), once per distinct content (their SHA-256), gzip-compressed. */
export const archiveBlobs = pgTable("archive_blobs", {
  sha256: text("sha256").primaryKey(),
  size: integer("size").notNull(),
  /** An asset's type (`text/css`, `image/webp`); null for a page's HTML. */
  contentType: text("content_type"),
  gzip: bytes("gzip").notNull(),
  storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row (id 1): which instance's worker is archiving, until when. The worker takes it before
 * it renders, so entries are appended in the order of their publishes across instances.
 */
export const archiveWorker = pgTable("archive_worker", {
  id: integer("id").primaryKey(),
  owner: text("owner"),
  until: timestamp("until", { withTimezone: true }),
});

/**
 * Retention's checkpoints: entries older than the retention period are removed, and the newest
 * checkpoint keeps what the chain needs to stay verifiable from it: the hash of the last removed
 * entry (the first kept entry's previous hash) and the pages in force at the cutoff
 * (archive_baseline). Its hash is recorded by the retention entry appended to the chain.
 */
export const archiveCheckpoints = pgTable("archive_checkpoints", {
  id: serial("id").primaryKey(),
  /** Entries changed before this moment were removed. */
  cutoff: timestamp("cutoff", { withTimezone: true }).notNull(),
  /** The last removed entry's id and hash. */
  throughEntryId: integer("through_entry_id").notNull(),
  lastRemovedHash: text("last_removed_hash").notNull(),
  /** How many entries this checkpoint's run removed. */
  removed: integer("removed").notNull(),
  hash: text("hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The pages in force at the newest checkpoint's cutoff, from removed entries (what each address served then). */
export const archiveBaseline = pgTable("archive_baseline", {
  path: text("path").primaryKey(),
  locale: text("locale").notNull(),
  status: integer("status").notNull(),
  location: text("location"),
  sha256: text("sha256").notNull(),
  assets: jsonb("assets").$type<ArchivedAssetRow[]>().notNull().default([]),
  /** When the removed entry that stored this version was published, and its id. */
  since: timestamp("since", { withTimezone: true }).notNull(),
  entryId: integer("entry_id").notNull(),
});
