import type { OwnSessionView as OwnSession } from "~/features/team/format";
import { APIError } from "better-auth/api";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { session } from "~/db/schema";
import { teamMessages } from "~/features/team/schema";
import { getAuth } from "~/features/auth/auth.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

export type { OwnSession };

/** The signed-in user's sessions that are still valid, newest first, this one marked. */
export async function listOwnSessions(db: Database, userId: string, currentSessionId: string): Promise<OwnSession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; someone else's session id finds nothing. */
export async function endOwnSession(db: Database, userId: string, sessionId: string) {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return ended.length > 0;
}

export type PasswordChange = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

/**
 * Changes the password after checking the current one; every other session ends and this
 * browser gets a fresh session cookie (returned in the headers).
 */
export async function changeOwnPassword(
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordChange> {
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      logger.warn({ status: error.statusCode }, "password change refused");
      return { ok: false, status: 400, message: teamMessages.wrongPassword };
    }
    throw error;
  }
}
