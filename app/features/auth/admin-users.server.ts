import { asc, eq, sql } from "drizzle-orm";
import { adminUsers, user } from "~/db/schema";
import type { Database } from "~/platform/db.server";

/**
 * Any constant works: it only has to be the same for every write to admin_users, so that the
 * first-admin promotion and the team's grants, revocations and deletions take turns.
 */
export const ADMIN_ROLE_LOCK = 727_001;

/**
 * Makes the earliest registered user the administrator when there is none yet.
 * The transaction-scoped advisory lock serialises concurrent callers, so however many
 * users sign up at once, exactly one becomes the first admin.
 */
export async function ensureFirstAdmin(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK})`);
    const existing = await tx.select({ userId: adminUsers.userId }).from(adminUsers).where(eq(adminUsers.role, "administrator")).limit(1);
    if (existing.length > 0) return;
    const [first] = await tx.select({ id: user.id }).from(user).orderBy(asc(user.createdAt), asc(user.id)).limit(1);
    if (first) await tx.insert(adminUsers).values({ userId: first.id }).onConflictDoNothing();
  });
}
