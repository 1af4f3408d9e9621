import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { adminInvitations, adminUsers, user } from "~/db/schema";
import type { Role } from "~/features/access/matrix";
import { requirePermission } from "~/features/access/require.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The query parameter of /admin that carries an invitation; request logs drop query strings. */
export const INVITATION_PARAMETER = "invitation";

export const invitationMessages = {
  invalid: "Ссылка-приглашение недействительна. Попросите администратора прислать новое приглашение.",
  used: "Это приглашение уже использовано. Войдите или попросите новое приглашение.",
  expired: "Срок действия приглашения истёк. Попросите администратора прислать новое приглашение.",
  otherEmail: "Приглашение выдано для другого адреса электронной почты.",
} as const;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function invitationLink(origin: string, token: string) {
  return `${origin}/admin?${INVITATION_PARAMETER}=${token}`;
}

/** Creates an invitation (the actor needs `team.manage`, 403 otherwise) and returns its token; only its hash is stored. */
export async function createInvitation(db: Database, actor: Person, input: { email: string; role?: Role }, now = new Date()) {
  requirePermission(actor, "team.manage");
  const token = randomBytes(32).toString("base64url");
  await db.insert(adminInvitations).values({
    email: input.email,
    tokenHash: hashToken(token),
    invitedBy: actor.id,
    role: input.role ?? "administrator",
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  return token;
}

export async function emailHasAccount(db: Database, email: string) {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

/** Invitations not used yet, newest first; expired ones are listed so they can be withdrawn. */
export async function listInvitations(db: Database) {
  const rows = await db
    .select({
      id: adminInvitations.id,
      email: adminInvitations.email,
      role: adminInvitations.role,
      createdAt: adminInvitations.createdAt,
      expiresAt: adminInvitations.expiresAt,
    })
    .from(adminInvitations)
    .where(isNull(adminInvitations.usedAt))
    .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

/** Withdraws an unused invitation (the actor needs `team.manage`, 403 otherwise). */
export async function withdrawInvitation(db: Database, actor: Person, id: number) {
  requirePermission(actor, "team.manage");
  const rows = await db
    .delete(adminInvitations)
    .where(and(eq(adminInvitations.id, id), isNull(adminInvitations.usedAt)))
    .returning({ email: adminInvitations.email });
  return rows[0] ?? null;
}

export type InvitationCheck = { ok: true; id: number; email: string } | { ok: false; reason: keyof typeof invitationMessages };

/**
 * Looks an invitation up by its token. The lookup is by hash (an index hit that tells nothing
 * about the token's characters), and the stored hash is compared again in constant time.
 */
export async function checkInvitation(db: Database, token: unknown, now = new Date()): Promise<InvitationCheck> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(token);
  const [row] = await db.select().from(adminInvitations).where(eq(adminInvitations.tokenHash, hash)).limit(1);
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, "hex"), Buffer.from(hash, "hex"))) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id: row.id, email: row.email };
}

/** Checks an invitation for the address signing up with it. */
export async function checkInvitationFor(db: Database, token: unknown, email: string): Promise<InvitationCheck> {
  const check = await checkInvitation(db, token);
  if (check.ok && check.email !== email.toLowerCase()) return { ok: false, reason: "otherEmail" };
  return check;
}

/**
 * Uses an invitation up and gives the new account the role the invitation names, in one transaction: the
 * conditional update lets exactly one caller use a token, however many try at once.
 */
export async function acceptInvitation(db: Database, token: string, userId: string, email: string) {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(adminInvitations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(adminInvitations.tokenHash, hashToken(token)),
          eq(adminInvitations.email, email.toLowerCase()),
          isNull(adminInvitations.usedAt),
          gt(adminInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: adminInvitations.id, role: adminInvitations.role });
    if (used.length === 0) return false;
    await tx.insert(adminUsers).values({ userId, role: used[0]!.role }).onConflictDoNothing();
    return true;
  });
}
