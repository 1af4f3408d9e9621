import { and, count, eq, gt, sql } from "drizzle-orm";
import { CONTACT_HONEYPOT_FIELD } from "~/features/content/catalogue/contact-form";
import { contactMessages } from "~/db/schema";
import { parseContactMessage, type ContactFieldErrors } from "~/features/contact/schema";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { hashClientAddress, stampVerdict } from "~/platform/hmac.server";

/**
 * Per client address: five messages in ten minutes (CONTACT_RATE_LIMIT changes the five),
 * counted in the database every server shares.
 */
export const CONTACT_RATE_LIMIT = { messages: 5, windowMs: 10 * 60 * 1000 };

export type SpamReason = "honeypot" | "missing-stamp" | "forged-stamp" | "too-fast" | "stale-stamp";

export type ReceiveOutcome =
  | { kind: "stored"; id: number }
  | { kind: "invalid"; errors: ContactFieldErrors }
  /** Spam: answered like a sent message, so a script learns nothing, and not stored. */
  | { kind: "spam"; reason: SpamReason }
  | { kind: "limited" }
  | { kind: "failed" };

export interface ReceivedPost {
  form: Record<string, string>;
  clientAddress: string;
  /** The signed fill-time stamp the page set (see contact-stamp route). */
  stamp: string | undefined;
  /** Whether a notification mail is to be queued (SMTP is configured). */
  notify: boolean;
  /** Messages a client may send per window; CONTACT_RATE_LIMIT.messages unless configured. */
  limit?: number;
  /** The least time a person takes to fill the form in; MIN_FILL_MS unless configured. */
  minFillMs?: number;
  now?: number;
}

const stampReasons = { missing: "missing-stamp", forged: "forged-stamp", "too-fast": "too-fast", stale: "stale-stamp" } as const;

/**
 * Checks a posted contact form and stores it. The checks that betray a script (honeypot,
 * fill time) come first and are answered as if sent; then the shared schema; then, under a
 * lock on the client's hash, the rate limit and the insert, so two posts at once cannot both
 * slip under the limit.
 */
export async function receiveContactMessage(db: Database, post: ReceivedPost): Promise<ReceiveOutcome> {
  const now = post.now ?? Date.now();
  if ((post.form[CONTACT_HONEYPOT_FIELD] ?? "") !== "") return refuseSpam("honeypot");
  const parsed = parseContactMessage(post.form);
  if (!parsed.success) return { kind: "invalid", errors: parsed.errors };
  const verdict = stampVerdict(post.stamp, now, post.minFillMs);
  if (verdict !== "ok") return refuseSpam(stampReasons[verdict]);

  const clientHash = hashClientAddress(post.clientAddress);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${clientHash}))`);
      const since = new Date(now - CONTACT_RATE_LIMIT.windowMs);
      const [recent] = await tx
        .select({ count: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.clientHash, clientHash), gt(contactMessages.createdAt, since)));
      if ((recent?.count ?? 0) >= (post.limit ?? CONTACT_RATE_LIMIT.messages)) {
        logger.warn({ clientHash }, "contact message refused: rate limit");
        return { kind: "limited" } as const;
      }
      const [row] = await tx
        .insert(contactMessages)
        .values({
          ...parsed.data,
          language: parsed.data.language ?? null,
          clientHash,
          createdAt: new Date(now),
          notifyStatus: post.notify ? "pending" : "none",
          notifyNextAt: post.notify ? new Date(now) : null,
        })
        .returning({ id: contactMessages.id });
      return { kind: "stored", id: row!.id } as const;
    });
  } catch (error) {
    logger.error({ err: error }, "contact message not stored");
    return { kind: "failed" };
  }
}

function refuseSpam(reason: SpamReason): ReceiveOutcome {
  // Counted in the log only: a flood of spam must not fill the database or the activity log.
  logger.info({ reason, contactSpam: 1 }, "contact message refused as spam");
  return { kind: "spam", reason };
}
