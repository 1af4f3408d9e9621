// Which local account a provider identity signs in to: the one linked to it, the one with its
// verified address, or one created now for an allowed domain or an open invitation.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
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

/**
 * What a sign-in did to an existing account's role: the provider's claim changed it (`to`), or it
 * would have demoted the last administrator, who keeps the role (`kept`).
 */
export type SsoRoleChange = { from: Role | null; to: Role | null; kept: boolean };

export type AccountResolution =
  | {
      ok: true;
      user: { id: string; email: string; twoFactorEnabled: boolean };
      created: boolean;
      role: Role | null;
      roleChange?: SsoRoleChange;
    }
  | { ok: false; reason: Extract<SsoRefusal, "domain" | "no_role">; roleChange?: SsoRoleChange };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Gives an existing account the role the provider's claim maps to (null: none, so no dashboard).
 * The last administrator is never demoted this way: the role stays and the answer says so.
 */
async function applyClaimedRole(tx: Transaction, userId: string, claimed: Role | null): Promise<SsoRoleChange | undefined> {
  const [current] = await tx
    .select({ role: adminUsers.role, locales: adminUsers.locales })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  const from = (current?.role ?? null) as Role | null;
  if (from === claimed) return undefined;
  if (from === "administrator") {
    const [admins] = await tx.select({ n: count() }).from(adminUsers).where(eq(adminUsers.role, "administrator"));
    if ((admins?.n ?? 0) <= 1) return { from, to: claimed, kept: true };
  }
  if (claimed === null) await tx.delete(adminUsers).where(eq(adminUsers.userId, userId));
  else {
    // A translator keeps the locales an administrator assigned; any other role has none.
    const locales = claimed === "translator" && from === "translator" ? (current?.locales ?? []) : [];
    await tx
      .insert(adminUsers)
      .values({ userId, role: claimed, locales })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { role: claimed, locales } });
  }
  return { from, to: claimed, kept: false };
}

/**
 * Finds or creates the account, in one transaction under the team's lock (so two callbacks for
 * one person create one account, and the first account of a fresh install is the administrator).
 * With a role claim configured, an identity of an allowed domain gets the role its claim maps to
 * at every sign-in, not only the first (an invited account of another domain keeps the role an
 * administrator gave it): a changed claim changes the role, a claim that maps to no role takes
 * the dashboard away (and the sign-in is refused), and the last administrator keeps the role.
 * Nothing else is written when the answer is a refusal.
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
    const claimDecides = Boolean(config.roleClaim) && domainAllowed(config, email);
    /** An existing account, with the claim's role applied when the claim decides. */
    const signInTo = async (found: typeof linked & object, link?: () => Promise<unknown>): Promise<AccountResolution> => {
      if (!claimDecides) {
        await link?.();
        return { ok: true, user: found, created: false, role: null };
      }
      const roleChange = await applyClaimedRole(tx, found.id, roleFromClaims(config, identity.claims));
      const [now] = await tx.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.userId, found.id)).limit(1);
      if (!now) return { ok: false, reason: "no_role", ...(roleChange ? { roleChange } : {}) };
      await link?.();
      return { ok: true, user: found, created: false, role: null, ...(roleChange ? { roleChange } : {}) };
    };
    if (linked) return signInTo(linked);
    const link = (userId: string) =>
      tx.insert(account).values({ id: randomUUID(), accountId: identity.subject, providerId: SSO_PROVIDER_ID, userId });
    // The provider vouches for the address (email_verified): its local account is this person's.
    const [existing] = await tx.select(columns).from(user).where(eq(user.email, email)).limit(1);
    if (existing) return signInTo(existing, () => link(existing.id));
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
