import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { releaseReviewLinks, releases } from "~/db/schema";
import { recordEvent, type ActivityActor } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";
import { hashReviewToken, readReviewToken, reviewToken } from "./preview-token.server";
import type { ReviewLinkView } from "./preview";

const DAY_MS = 24 * 60 * 60 * 1000;
export const reviewLinkPath = (token: string) => `/preview/r/${token}`;

/** A new reviewer link for the release; the token is answered once and only its hash is kept. */
export async function createReviewLink(db: Database, input: { releaseId: number; days: number; actor: ActivityActor }) {
  return db.transaction(async (tx) => {
    const [release] = await tx.select({ id: releases.id, name: releases.name }).from(releases).where(eq(releases.id, input.releaseId));
    if (!release) return undefined;
    const expiresAt = new Date(Date.now() + input.days * DAY_MS);
    const [row] = await tx
      .insert(releaseReviewLinks)
      .values({ releaseId: release.id, tokenHash: `pending:${randomBytes(16).toString("hex")}`, createdById: input.actor.id, expiresAt })
      .returning({ id: releaseReviewLinks.id });
    const token = reviewToken(row!.id, expiresAt.getTime());
    await tx
      .update(releaseReviewLinks)
      .set({ tokenHash: hashReviewToken(token) })
      .where(eq(releaseReviewLinks.id, row!.id));
    await recordEvent(tx, {
      kind: "release.review_link_created",
      area: "releases",
      actor: input.actor,
      target: String(release.id),
      details: { release: release.name, link: row!.id, expiresAt: expiresAt.toISOString() },
    });
    return { id: row!.id, path: reviewLinkPath(token), expiresAt };
  });
}

/** Revokes a link of the release; false when the release has no such link or it was revoked already. */
export async function revokeReviewLink(db: Database, input: { releaseId: number; linkId: number; actor: ActivityActor }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(releaseReviewLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(releaseReviewLinks.id, input.linkId),
          eq(releaseReviewLinks.releaseId, input.releaseId),
          sql`${releaseReviewLinks.revokedAt} is null`,
        ),
      )
      .returning({ id: releaseReviewLinks.id });
    if (!row) return false;
    await recordEvent(tx, {
      kind: "release.review_link_revoked",
      area: "releases",
      actor: input.actor,
      target: String(input.releaseId),
      details: { link: input.linkId },
    });
    return true;
  });
}

/** A release's reviewer links, newest first (without a release: the newest 100 of every release). */
export async function listReviewLinks(db: Database, releaseId: number | undefined, now = new Date()): Promise<ReviewLinkView[]> {
  const rows = await db
    .select()
    .from(releaseReviewLinks)
    .where(releaseId === undefined ? undefined : eq(releaseReviewLinks.releaseId, releaseId))
    .orderBy(desc(releaseReviewLinks.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    releaseId: row.releaseId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    openCount: row.openCount,
    state: row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active",
  }));
}

export type ReviewVerdict =
  { ok: true; linkId: number; releaseId: number; expiresAt: Date } | { ok: false; reason: "unknown" | "expired" | "revoked" };

/** Whether a link may still show its release: it exists, is not revoked and has not expired. */
export async function checkReviewLink(db: Database, linkId: number, now = new Date()): Promise<ReviewVerdict> {
  const [link] = await db.select().from(releaseReviewLinks).where(eq(releaseReviewLinks.id, linkId));
  if (!link) return { ok: false, reason: "unknown" };
  if (link.revokedAt) return { ok: false, reason: "revoked" };
  if (link.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, linkId: link.id, releaseId: link.releaseId, expiresAt: link.expiresAt };
}

/**
 * A reviewer opens the link: a forged or unknown token, a revoked or an expired link is refused
 * and changes nothing; an accepted opening is counted and goes to the activity log.
 */
export async function openReviewLink(db: Database, token: string, now = new Date()): Promise<ReviewVerdict> {
  const claimed = readReviewToken(token);
  if (!claimed) return { ok: false, reason: "unknown" };
  const [link] = await db
    .select()
    .from(releaseReviewLinks)
    .where(eq(releaseReviewLinks.tokenHash, hashReviewToken(token)));
  if (!link || link.id !== claimed.linkId) return { ok: false, reason: "unknown" };
  const verdict = await checkReviewLink(db, link.id, now);
  if (!verdict.ok) return verdict;
  await db.transaction(async (tx) => {
    await tx
      .update(releaseReviewLinks)
      .set({ openCount: sql`${releaseReviewLinks.openCount} + 1`, lastOpenedAt: now })
      .where(eq(releaseReviewLinks.id, link.id));
    await recordEvent(tx, {
      kind: "release.review_link_opened",
      area: "releases",
      actor: null,
      target: String(link.releaseId),
      details: { link: link.id },
    });
  });
  return verdict;
}
