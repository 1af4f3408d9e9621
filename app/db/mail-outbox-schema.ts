import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mails the site sends in the background with the contact outbox's retries: a server claims a
 * `pending` row whose `next_at` has come (`FOR UPDATE SKIP LOCKED`), sends it and records the
 * outcome. The text is sealed with the auth secret (it can hold a reset link), and emptied
 * once the mail is sent or given up.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    sealedText: text("sealed_text").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true }),
    /** The last attempt's reason (a failed delivery), never the text. */
    error: text("error"),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAt)
      .where(sql`${table.status} = 'pending'`),
    index("mail_outbox_created_idx").on(table.createdAt),
    check("mail_outbox_status_check", sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);
