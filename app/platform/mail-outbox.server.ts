// Mail sent in the background, after the answer: the retry policy every outbox of the site
// follows (the contact notifications' too) and the outbox of other mails (password resets).
import { and, asc, eq, inArray, lte, lt, sql } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import type { Database } from "./db.server";
import { openText, sealText } from "./hmac.server";
import { logger } from "./logger.server";

/** Tries per mail before it is marked failed. */
export const NOTIFY_MAX_ATTEMPTS = 6;
/** Wait before retry n (1-based): 1, 2, 4, 8, 16 minutes. */
export const notifyBackoffMs = (attempt: number) => 60_000 * 2 ** Math.max(0, attempt - 1);
/**
 * A claimed mail is due again after this long, so one whose server died while sending is
 * picked up by another (or by itself after a restart).
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Sent and failed rows (their text already emptied) are deleted after this long. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QueuedMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Omit<QueuedMail, "kind">) => Promise<void>;

let kick: (() => void) | undefined;

/** The worker that delivers the outbox registers here, to be asked to look at once. */
export function onMailQueued(worker: (() => void) | undefined) {
  kick = worker;
}

/** Queues a mail, due now; the worker is asked to send it without the caller waiting. */
export async function queueMail(db: Database, mail: QueuedMail, now = new Date()) {
  await queueMailIn(db, mail, now);
  kickMailOutbox();
}

/**
 * Queues a mail inside the caller's transaction, so it is sent only when the write it tells of
 * commits; call `kickMailOutbox()` after the commit.
 */
export async function queueMailIn(writer: Pick<Database, "insert">, mail: QueuedMail, now = new Date()) {
  await writer.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    sealedText: sealText(mail.text),
    nextAt: now,
  });
}

/** Asks the outbox's worker to look now (no worker: the mail waits for one). */
export function kickMailOutbox() {
  kick?.();
}

async function claimDueMails(db: Database, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAt, now)))
      .orderBy(asc(mailOutbox.nextAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(mailOutbox)
      .set({ nextAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(mailOutbox.id, ids));
    return due;
  });
}

/**
 * Sends what is due and records each outcome: sent, retried later with backoff, or failed after
 * the last try; a sent or failed mail's text is emptied at once.
 */
export async function deliverDueMails(db: Database, send: SendMail, now = new Date(), limit = 5) {
  const claimed = await claimDueMails(db, now, limit);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const attempts = row.attempts + 1;
    try {
      await send({ to: row.recipient, subject: row.subject, text: openText(row.sealedText) });
      await db
        .update(mailOutbox)
        .set({ status: "sent", attempts, nextAt: null, error: null, sealedText: "" })
        .where(eq(mailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = attempts >= NOTIFY_MAX_ATTEMPTS;
      logger.warn({ mailId: row.id, kind: row.kind, attempts, giveUp, reason }, "mail not sent");
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          nextAt: giveUp ? null : new Date(now.getTime() + notifyBackoffMs(attempts)),
          error: reason,
          ...(giveUp ? { sealedText: "" } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  await db
    .delete(mailOutbox)
    .where(and(sql`${mailOutbox.status} <> 'pending'`, lt(mailOutbox.createdAt, new Date(now.getTime() - KEEP_DONE_MS))));
  return { sent, failed };
}
