import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import type { InboxFilter } from "~/features/contact/messages-schema";
import { requirePermission } from "~/features/access/require.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/platform/person";

/** The inbox shows this many of the newest matching messages. */
export const INBOX_PAGE_SIZE = 200;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function filterCondition(filter: InboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.subject) conditions.push(eq(contactMessages.subject, filter.subject));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.message, pattern))!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const inboxColumns = {
  id: contactMessages.id,
  createdAt: contactMessages.createdAt,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  language: contactMessages.language,
  isRead: contactMessages.isRead,
  notifyStatus: contactMessages.notifyStatus,
  notifyAttempts: contactMessages.notifyAttempts,
  notifyError: contactMessages.notifyError,
};

// Each function takes the one asking and refuses (403) a role without the permission
// (`messages.read` to read and export, `messages.manage` to mark and delete), whichever route calls it.

/** Newest first; the client's address hash never leaves the server. */
export async function listMessages(db: Database, actor: Actor, filter: InboxFilter, limit = INBOX_PAGE_SIZE) {
  requirePermission(actor, "messages.read");
  const where = filterCondition(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(inboxColumns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit),
    db.select({ count: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

export type InboxMessage = Awaited<ReturnType<typeof listMessages>>["rows"][number];

/** The badge on the 'Другое' tab: one count over the partial index of unread rows. */
export async function countUnreadMessages(db: Database) {
  const [row] = await db.select({ count: count() }).from(contactMessages).where(eq(contactMessages.isRead, false));
  return row?.count ?? 0;
}

export async function setMessageRead(db: Database, actor: Actor, id: number, read: boolean) {
  requirePermission(actor, "messages.manage");
  const rows = await db
    .update(contactMessages)
    .set({ isRead: read })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function deleteMessage(db: Database, actor: Actor, id: number) {
  requirePermission(actor, "messages.manage");
  const rows = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, email: contactMessages.email, subject: contactMessages.subject });
  return rows[0];
}

/** Every matching message for the CSV export, newest first. */
export async function exportMessages(db: Database, actor: Actor, filter: InboxFilter) {
  requirePermission(actor, "messages.read");
  return db
    .select(inboxColumns)
    .from(contactMessages)
    .where(filterCondition(filter))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}
