import type { TeamMemberView as TeamMember } from "~/features/team/format";
import { asc, count, eq, gt, sql } from "drizzle-orm";
import { adminUsers, session, user } from "~/db/schema";
import { ADMIN_ROLE_LOCK } from "~/features/auth/admin-users.server";
import type { Database } from "~/platform/db.server";
import type { Role } from "~/features/access/matrix";
import { requirePermission } from "~/features/access/require.server";
import type { Actor } from "~/platform/person";

export type { TeamMember };

/** Every account, oldest first, with its role and how many sessions are still valid. */
export async function listTeam(db: Database, actor: Actor): Promise<TeamMember[]> {
  requirePermission(actor, "team.manage");
  const sessions = db
    .select({ userId: session.userId, active: count().as("active") })
    .from(session)
    .where(gt(session.expiresAt, sql`now()`))
    .groupBy(session.userId)
    .as("sessions");
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
      twoFactorEnabled: user.twoFactorEnabled,
      adminSince: adminUsers.createdAt,
      role: adminUsers.role,
      locales: adminUsers.locales,
      activeSessions: sessions.active,
    })
    .from(user)
    .leftJoin(adminUsers, eq(adminUsers.userId, user.id))
    .leftJoin(sessions, eq(sessions.userId, user.id))
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    isAdmin: row.role === "administrator",
    role: row.role ?? null,
    locales: row.locales ?? [],
    twoFactorEnabled: row.twoFactorEnabled,
    activeSessions: Number(row.activeSessions ?? 0),
  }));
}

export type TeamChange = { ok: true; email: string } | { ok: false; reason: "not-found" | "last-admin" | "actor-not-admin" };

export interface RoleChange {
  role: Role | null;
  locales?: string[];
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs one change of roles under the lock every admin_users write takes, after checking again,
 * inside the lock, that the one asking is still an administrator and who the target is. Two
 * administrators demoting each other at the same moment therefore take turns, and the second
 * finds that it is no longer an administrator, or that the other is the last one. The actor's
 * role must allow `team.manage` (403 otherwise); null is the server itself (its console).
 */
async function underRoleLock(
  db: Database,
  actor: Actor,
  targetId: string,
  change: (tx: Transaction, target: { email: string; isAdmin: boolean; admins: number }) => Promise<TeamChange>,
): Promise<TeamChange> {
  requirePermission(actor, "team.manage");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK})`);
    const admins = await tx.select({ userId: adminUsers.userId }).from(adminUsers).where(eq(adminUsers.role, "administrator"));
    if (actor && !admins.some((row) => row.userId === actor.id)) return { ok: false, reason: "actor-not-admin" };
    const [target] = await tx.select({ email: user.email }).from(user).where(eq(user.id, targetId)).limit(1);
    if (!target) return { ok: false, reason: "not-found" };
    const isAdmin = admins.some((row) => row.userId === targetId);
    return change(tx, { email: target.email, isAdmin, admins: admins.length });
  });
}

/**
 * Gives the account a role (null: none, so it sees the login screen), with a translator's
 * locales. The last administrator keeps the role.
 */
export function setRole(db: Database, actor: Actor, targetId: string, change: RoleChange) {
  return underRoleLock(db, actor, targetId, async (tx, target) => {
    if (target.isAdmin && change.role !== "administrator" && target.admins <= 1) return { ok: false, reason: "last-admin" };
    if (change.role === null) {
      await tx.delete(adminUsers).where(eq(adminUsers.userId, targetId));
      return { ok: true, email: target.email };
    }
    const locales = change.role === "translator" ? (change.locales ?? []) : [];
    await tx
      .insert(adminUsers)
      .values({ userId: targetId, role: change.role, locales })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { role: change.role, locales } });
    return { ok: true, email: target.email };
  });
}

export const grantAdmin = (db: Database, actor: Actor, targetId: string) => setRole(db, actor, targetId, { role: "administrator" });

export const revokeAdmin = (db: Database, actor: Actor, targetId: string) => setRole(db, actor, targetId, { role: null });

/** Deletes the account with its sessions, sign-in methods and role (the foreign keys cascade). */
export function deleteAccount(db: Database, actor: Actor, targetId: string) {
  return underRoleLock(db, actor, targetId, async (tx, target) => {
    if (target.isAdmin && target.admins <= 1) return { ok: false, reason: "last-admin" };
    await tx.delete(user).where(eq(user.id, targetId));
    return { ok: true, email: target.email };
  });
}

/** Ends every session of an account: sessions are read from the database on each request. */
export async function endSessions(db: Database, actor: Actor, targetId: string): Promise<TeamChange & { ended?: number }> {
  requirePermission(actor, "team.manage");
  const [target] = await db.select({ email: user.email }).from(user).where(eq(user.id, targetId)).limit(1);
  if (!target) return { ok: false, reason: "not-found" };
  const ended = await db.delete(session).where(eq(session.userId, targetId)).returning({ id: session.id });
  return { ok: true, email: target.email, ended: ended.length };
}
