// Which local account a provider identity signs in to: the one linked to it, the one with its
// verified address, or one created now for an allowed domain or an open invitation.
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { account, adminInvitations, adminUsers, user } from "~/db/schema";
import { ADMIN_ROLE_LOCK } from "~/features/auth/admin-users.server";
import type { Role } from "~/features/access/matrix";
import type { Database } from "~/platform/db.server";
import { domainAllowed, roleFromClaims, type SsoConfig } from "./config.server";
import type { SsoRefusal } from "./messages";

/** The `account.provider_id` of identities from the configured OpenID provider. */
export const SSO_PROVIDER_ID = "oidc";

export interface ProviderIdentity {
  subject: string;
  email: string;
  name: string | null;
  claims: Record<string, unknown>;
}

export type AccountResolution =
  | { ok: true; user: { id: string; email: string; twoFactorEnabled: boolean }; created: boolean; role: Role | null }
  | { ok: false; reason: Extract<SsoRefusal, "domain" | "no_role"> };

/**
 * Finds or creates the account, in one transaction under the team's lock (so two callbacks for
 * one person create one account, and the first account of a fresh install is the administrator).
 * Nothing is written when the answer is a refusal.
 */
export async function resolveAccount(db: Database, config: SsoConfig, identity: ProviderIdentity): Promise<AccountResolution> {
  const email = identity.email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK})`);
    const columns = { id: user.id, email: user.email, twoFactorEnabled: user.twoFactorEnabled };
    const [linked] = await tx
      .select(columns)
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(and(eq(account.providerId, SSO_PROVIDER_ID), eq(account.accountId, identity.subject)))
      .limit(1);
    if (linked) return { ok: true as const, user: linked, created: false, role: null };
    const link = (userId: string) =>
      tx.insert(account).values({ id: randomUUID(), accountId: identity.subject, providerId: SSO_PROVIDER_ID, userId });
    // The provider vouches for the address (email_verified): its local account is this person's.
    const [existing] = await tx.select(columns).from(user).where(eq(user.email, email)).limit(1);
    if (existing) {
      await link(existing.id);
      return { ok: true as const, user: existing, created: false, role: null };
    }
    const [invitation] = await tx
      .select({ id: adminInvitations.id, role: adminInvitations.role })
      .from(adminInvitations)
      .where(and(eq(adminInvitations.email, email), isNull(adminInvitations.usedAt), gt(adminInvitations.expiresAt, sql`now()`)))
      .orderBy(desc(adminInvitations.createdAt))
      .limit(1);
    const allowedDomain = domainAllowed(config, email);
    if (!invitation && !allowedDomain) return { ok: false as const, reason: "domain" as const };
    // The specification's first account is the administrator, whichever way it signs in.
    const [anyAccount] = await tx.select({ id: user.id }).from(user).limit(1);
    const role: Role | null = !anyAccount
      ? "administrator"
      : ((allowedDomain ? roleFromClaims(config, identity.claims) : null) ?? invitation?.role ?? null);
    if (!role) return { ok: false as const, reason: "no_role" as const };
    const id = randomUUID();
    await tx.insert(user).values({ id, email, name: identity.name?.slice(0, 200) || email.split("@")[0]!, emailVerified: true });
    await link(id);
    await tx.insert(adminUsers).values({ userId: id, role });
    if (invitation)
      await tx
        .update(adminInvitations)
        .set({ usedAt: sql`now()` })
        .where(eq(adminInvitations.id, invitation.id));
    return { ok: true as const, user: { id, email, twoFactorEnabled: false }, created: true, role };
  });
}
