import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Releases: a named set of staged changes published together (now or at a set time) after an
 * optional sign-off. A staged change names its key exactly as a revision does (`page/section`
 * for a page content row, `menu:<id>` for a menu item) and the live version it was staged
 * against; `staged` null means the release deletes it. A review link keeps only the SHA-256 of
 * its token. `release_drafting` says which release an administrator's saves go into (no row:
 * saves go live).
 */
export const releaseStates = ["draft", "in_review", "approved", "scheduled", "published", "failed", "cancelled"] as const;

export const releases = pgTable(
  "releases",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    state: text("state", { enum: releaseStates }).notNull().default("draft"),
    authorId: text("author_id"),
    authorEmail: text("author_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    approvedById: text("approved_by_id"),
    approvedByEmail: text("approved_by_email"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The content hash of the changes the approval was given for; any later edit voids it. */
    approvedHash: text("approved_hash"),
    reviewComment: text("review_comment"),
    failureMessage: text("failure_message"),
    /** The revision group id its publish wrote (undo it as one group). */
    publishGroupId: text("publish_group_id"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When a published release's changes are reverted as one group (a campaign's end); null: never. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** When that revert was done, and its revision group (done once: set in the revert's own transaction). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endGroupId: text("end_group_id"),
  },
  (table) => [
    index("releases_state_idx").on(table.state, table.id),
    index("releases_due_idx")
      .on(table.scheduledAt)
      .where(sql`${table.state} = 'scheduled'`),
    check(
      "releases_state_check",
      sql`${table.state} in ('draft', 'in_review', 'approved', 'scheduled', 'published', 'failed', 'cancelled')`,
    ),
  ],
);

export const releaseChanges = pgTable(
  "release_changes",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    /** `page/section` or `menu:<id>`, exactly as a revision names it. */
    key: text("key").notNull(),
    area: text("area").notNull(),
    /** The value the release gives the key; null deletes it. */
    staged: jsonb("staged"),
    /** The live value and its revision id (0: none) when it was staged, for conflicts. */
    live: jsonb("live"),
    liveRevisionId: integer("live_revision_id").notNull().default(0),
    stagedById: text("staged_by_id"),
    stagedByEmail: text("staged_by_email"),
    stagedAt: timestamp("staged_at", { withTimezone: true }).notNull().defaultNow(),
    /** The record's locale (the key's text names it too, when it is not the default). */
    locale: text("locale").notNull().default("en"),
  },
  (table) => [
    uniqueIndex("release_changes_release_key_unique").on(table.releaseId, table.key),
    index("release_changes_key_idx").on(table.key),
  ],
);

export const releaseReviewLinks = pgTable(
  "release_review_links",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdById: text("created_by_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    openCount: integer("open_count").notNull().default(0),
  },
  (table) => [index("release_review_links_release_idx").on(table.releaseId)],
);

export const releaseDrafting = pgTable("release_drafting", {
  /** The administrator's account id (no foreign key: the auth tables live in schema.ts; a row of a deleted account is never read). */
  userId: text("user_id").primaryKey(),
  releaseId: integer("release_id")
    .notNull()
    .references(() => releases.id, { onDelete: "cascade" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Everyone who ever staged a change into a release, and its author: a change overwritten or
 * taken back still counts. Four-eyes reads it (an approver must not be here), never the log.
 */
export const releaseAuthors = pgTable(
  "release_authors",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.releaseId, table.userId] })],
);

/**
 * Comments on a release: a thread per staged change (`change_key`, the key as the change names
 * it) and one for the release itself (`change_key` null). `kind` says whether it was written as
 * a comment or given with "send back". Resolving a thread marks its comments resolved (they fold
 * away in the dashboard, still there to show); a later comment in the same thread starts it again.
 */
export const releaseComments = pgTable(
  "release_comments",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    changeKey: text("change_key"),
    kind: text("kind", { enum: ["comment", "send_back"] })
      .notNull()
      .default("comment"),
    body: text("body").notNull(),
    authorId: text("author_id"),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: text("resolved_by_id"),
    resolvedByEmail: text("resolved_by_email"),
  },
  (table) => [
    index("release_comments_release_idx").on(table.releaseId, table.id),
    check("release_comments_kind_check", sql`${table.kind} in ('comment', 'send_back')`),
    check("release_comments_body_check", sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

export type ReleaseRow = typeof releases.$inferSelect;
export type ReleaseCommentRow = typeof releaseComments.$inferSelect;
export type ReleaseChangeRow = typeof releaseChanges.$inferSelect;
export type ReleaseReviewLinkRow = typeof releaseReviewLinks.$inferSelect;

/**
 * Approvals of one locale's changes in a release (four eyes per locale): a German reviewer signs
 * off the German changes, a French one the French. Each binds the hash of that locale's changes
 * at the time, so an edit in one locale leaves the others' approvals standing. When every locale
 * the release changes holds an approval that still matches, the release itself is approved.
 */
export const releaseLocaleApprovals = pgTable(
  "release_locale_approvals",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    approvedById: text("approved_by_id").notNull(),
    approvedByEmail: text("approved_by_email").notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
    approvedHash: text("approved_hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.releaseId, table.locale] })],
);
