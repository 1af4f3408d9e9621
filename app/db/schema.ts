import { sql } from "drizzle-orm";
import { roleIn, TEAM_ROLES } from "./schema-team";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// better-auth tables (names and columns as its Drizzle adapter expects).
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set by a session hook: sessions are deleted on sign-out, so they cannot tell it later. */
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false), // better-auth's two-factor: set once an enrolment is confirmed
  adminLanguage: text("admin_language").notNull().default("ru"), // the dashboard's language: app/features/admin-i18n/
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

/**
 * Sessions opened by single sign-on (app/features/sso): whose identity at the provider, and whether
 * the provider reported multi-factor authentication (its `amr`), so two-factor is not asked again.
 */
export const ssoSessions = pgTable(
  "sso_sessions",
  {
    sessionId: text("session_id")
      .primaryKey()
      .references(() => session.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    mfa: boolean("mfa").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sso_sessions_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * better-auth's two-factor plugin: one row per account that started enrolment. The TOTP secret
 * and the backup codes are stored encrypted with the auth secret (symmetric, by better-auth);
 * `verified` turns true when the first code is confirmed. Failed codes count towards a lockout.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [uniqueIndex("two_factor_user_id_unique").on(table.userId)],
);

/** Accounts with a dashboard role (app/features/access/matrix.ts); `locales`: what a translator may change. */
export const adminUsers = pgTable(
  "admin_users",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("administrator"),
    locales: text("locales")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [check("admin_users_role_check", roleIn(table.role))],
);

/**
 * The activity log: one append-only row per thing that happened (a content write, a sign-in,
 * an upload, …). Who is kept as the account id and the e-mail it had at the time, so an entry
 * still names its author after the account is deleted.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    userId: text("user_id"),
    userEmail: text("user_email"),
    /** A typed kind such as `content.update`, `menu.delete`, `auth.sign_in_failed`. */
    kind: text("kind").notNull(),
    /** The dashboard area the event belongs to: content, menu, legal, fees, settings, auth, uploads, team, … */
    area: text("area").notNull(),
    /** What it was about, e.g. `home/hero_title`, a menu item id or an e-mail address. */
    target: text("target"),
    /** Details worth showing (never secrets or tokens). */
    details: jsonb("details"),
  },
  (table) => [
    index("activity_events_created_idx").on(table.createdAt, table.id),
    index("activity_events_user_created_idx").on(table.userId, table.createdAt),
    index("activity_events_area_created_idx").on(table.area, table.createdAt),
    // The log pages newest first by id under a person or area filter (keyset on the id).
    index("activity_events_user_id_idx").on(table.userId, table.id),
    index("activity_events_area_id_idx").on(table.area, table.id),
  ],
);

export type ActivityEventRow = typeof activityEvents.$inferSelect;

/**
 * Content history: one row per write of a content value, setting, fee, legal page, page link or
 * menu item, in the same transaction as the write. `before`/`after` hold the whole row (null
 * when it did not exist), so a deleted row can be brought back as it was.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** `page/section` for page content rows, `menu:<id>` for menu items. */
    key: text("key").notNull(),
    /** The dashboard area: content, settings, fees, legal, page-links, menu. */
    area: text("area").notNull(),
    /** update, create, delete, restore or initialize. */
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    userId: text("user_id"),
    userEmail: text("user_email"),
    /** Shared by every revision one 'Initialize All Content' wrote, so it can be undone whole. */
    groupId: text("group_id"),
    /** The record's locale (the key's text names it too, when it is not the default). */
    locale: text("locale").notNull().default("en"),
  },
  (table) => [
    index("content_revisions_key_id_idx").on(table.key, table.id),
    index("content_revisions_group_idx").on(table.groupId),
    index("content_revisions_created_idx").on(table.createdAt),
  ],
);

export type ContentRevisionRow = typeof contentRevisions.$inferSelect;

/**
 * Messages sent through the contact form. The row is also the notification outbox: a server
 * claims a `pending` row whose `notify_next_at` has come, mails it and records the outcome.
 * The visitor's address is never stored, only a salted hash of it for the rate limit.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    language: text("language"),
    clientHash: text("client_hash").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    /** none (no SMTP configured), pending, sent or failed (gave up after the last retry). */
    notifyStatus: text("notify_status", { enum: ["none", "pending", "sent", "failed"] })
      .notNull()
      .default("none"),
    notifyAttempts: integer("notify_attempts").notNull().default(0),
    notifyNextAt: timestamp("notify_next_at", { withTimezone: true }),
    notifyError: text("notify_error"),
  },
  (table) => [
    index("contact_messages_created_idx").on(table.createdAt, table.id),
    index("contact_messages_client_created_idx").on(table.clientHash, table.createdAt),
    // The dashboard's unread count on every admin page: a small partial index.
    index("contact_messages_unread_idx")
      .on(table.id)
      .where(sql`${table.isRead} = false`),
    index("contact_messages_outbox_idx")
      .on(table.notifyNextAt)
      .where(sql`${table.notifyStatus} = 'pending'`),
    check("contact_messages_notify_status_check", sql`${table.notifyStatus} in ('none', 'pending', 'sent', 'failed')`),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * Invitations to join the team as administrators. Only the SHA-256 of the link's token is
 * kept, so a copy of the database lets no one sign up; a used or withdrawn invitation stays
 * unusable because `used_at` is set or the row is gone.
 */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The role the invited account gets. */
    role: text("role", { enum: TEAM_ROLES }).notNull().default("administrator"),
  },
  (table) => [index("admin_invitations_email_idx").on(table.email), check("admin_invitations_role_check", roleIn(table.role))],
);

export type AdminInvitationRow = typeof adminInvitations.$inferSelect;

// Releases: staged changes, review links, drafting modes (own file: this one stays under 300 lines).
export * from "./schema-releases";
// The team: its roles, the dashboard's own settings and the sign-in rate limits.
export { adminSettings, rateLimits, TEAM_ROLES } from "./schema-team";

// Hardening: the mail outbox (password-reset mails, sent after the answer with retries).
export { mailOutbox } from "./mail-outbox-schema";
// Statistics (issue 28): first-party visit statistics, in a file of their own for its length.
export * from "./statistics-schema";
// Landing pages and redirects; the edge caches' purges; the site locales.
export * from "./schema-pages";
export { edgePurges } from "./edge-purge-schema";
export * from "./schema-locales";
// The site's content keys and menus (the record store's oldest kinds).
export { menuItems, pageContent, type MenuItemRow, type PageContentRow } from "./schema-content";
// The archive of what the site served (app/features/archive): its outbox, hash chain and pages.
export * from "./schema-archive";

export * from "./schema-media";
