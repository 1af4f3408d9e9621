import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { contactMessages, type ContactMessageRow } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/platform/person";
import { logger } from "~/platform/logger.server";
import { CLAIM_LEASE_MS, NOTIFY_MAX_ATTEMPTS, notifyBackoffMs } from "~/platform/mail-outbox.server";

// The retry policy is the site's one for every outbox (app/platform/mail-outbox.server.ts).
export { CLAIM_LEASE_MS, NOTIFY_MAX_ATTEMPTS, notifyBackoffMs };

export type SendNotification = (message: ContactMessageRow) => Promise<void>;

/**
 * Claims up to `limit` due notifications. `FOR UPDATE SKIP LOCKED` lets several servers poll
 * the same table: each row is claimed by one of them, and the lease keeps it claimed while
 * it is sent outside the transaction.
 */
export async function claimDueNotifications(db: Database, now: Date, limit = 5): Promise<ContactMessageRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.notifyStatus, "pending"), lte(contactMessages.notifyNextAt, now)))
      .orderBy(asc(contactMessages.notifyNextAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(contactMessages)
      .set({ notifyNextAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        inArray(
          contactMessages.id,
          due.map((row) => row.id),
        ),
      );
    return due;
  });
}

/** Sends what is due and records each outcome: sent, retried later with backoff, or failed. */
export async function deliverDueNotifications(db: Database, send: SendNotification, now = new Date()) {
  const claimed = await claimDueNotifications(db, now);
  let sent = 0;
  let failed = 0;
  for (const message of claimed) {
    const attempts = message.notifyAttempts + 1;
    try {
      await send(message);
      await db
        .update(contactMessages)
        .set({ notifyStatus: "sent", notifyAttempts: attempts, notifyNextAt: null, notifyError: null })
        .where(eq(contactMessages.id, message.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = attempts >= NOTIFY_MAX_ATTEMPTS;
      logger.warn({ messageId: message.id, attempts, giveUp, reason }, "contact notification not sent");
      await db
        .update(contactMessages)
        .set({
          notifyStatus: giveUp ? "failed" : "pending",
          notifyAttempts: attempts,
          notifyNextAt: giveUp ? null : new Date(now.getTime() + notifyBackoffMs(attempts)),
          notifyError: reason,
        })
        .where(eq(contactMessages.id, message.id));
    }
  }
  return { sent, failed };
}

/** Retention: messages older than `keepDays` are deleted. Returns how many went. */
export async function deleteExpiredMessages(db: Database, keepDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff)).returning({ id: contactMessages.id });
  return deleted.length;
}

/** Sends a failed notification again from the inbox: it becomes due now with a fresh count. */
export async function retryNotification(db: Database, actor: Actor, id: number, now = new Date()) {
  requirePermission(actor, "messages.manage");
  const rows = await db
    .update(contactMessages)
    .set({ notifyStatus: "pending", notifyAttempts: 0, notifyNextAt: now, notifyError: null })
    .where(and(eq(contactMessages.id, id), sql`${contactMessages.notifyStatus} in ('failed', 'pending')`))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
