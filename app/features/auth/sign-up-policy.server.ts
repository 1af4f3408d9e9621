import { createAuthMiddleware, APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { adminSettings, user } from "~/db/schema";
import { CLOSED_SIGN_UP_MESSAGE, type SignUpScreen } from "~/features/auth/schema";
import type { Database } from "~/platform/db.server";
import { checkInvitation, checkInvitationFor, invitationMessages } from "./invitations.server";

const SIGN_UP_OPEN = "sign_up_open";
const SIGN_UP_PATH = "/sign-up/email";

/** Sign-up is open (as the product requires by default) unless an administrator closed it. */
export async function isSignUpOpen(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: adminSettings.value }).from(adminSettings).where(eq(adminSettings.key, SIGN_UP_OPEN)).limit(1);
  return row ? row.value !== false : true;
}

export async function setSignUpOpen(db: Database, open: boolean) {
  await db
    .insert(adminSettings)
    .values({ key: SIGN_UP_OPEN, value: open })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value: open, updatedAt: sql`now()` } });
}

async function hasAnyAccount(db: Database) {
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length > 0;
}

export async function describeSignUp(db: Database, token: string | null): Promise<SignUpScreen> {
  const [open, check] = await Promise.all([
    isSignUpOpen(db).then(async (open) => open || !(await hasAnyAccount(db))),
    token === null ? null : checkInvitation(db, token),
  ]);
  if (!check) return { open, invitation: null };
  return { open, invitation: check.ok ? { token: token!, email: check.email } : { error: invitationMessages[check.reason] } };
}

export type SignUpDecision = { allowed: true } | { allowed: false; message: string };

/**
 * Whether an account may be created for this address. An invitation that was sent along must
 * be valid whatever the mode; without one, sign-up must be open, or the site have no account
 * at all (the specification's first user can always sign up).
 */
export async function decideSignUp(db: Database, email: string, invitation: unknown): Promise<SignUpDecision> {
  if (invitation !== undefined && invitation !== null && invitation !== "") {
    const check = await checkInvitationFor(db, invitation, email);
    return check.ok ? { allowed: true } : { allowed: false, message: invitationMessages[check.reason] };
  }
  if (await isSignUpOpen(db)) return { allowed: true };
  return (await hasAnyAccount(db)) ? { allowed: false, message: CLOSED_SIGN_UP_MESSAGE } : { allowed: true };
}

/**
 * The same decision, taken before better-auth looks the address up: with sign-up closed, an
 * address that has an account and one that has none get the same refusal (status and body),
 * where better-auth would otherwise answer 'already exists' for the first.
 */
export function signUpGate(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_UP_PATH) return;
    const body = (ctx.body ?? {}) as { email?: unknown; invitation?: unknown };
    const decision = await decideSignUp(db, typeof body.email === "string" ? body.email : "", body.invitation);
    if (!decision.allowed) throw new APIError("BAD_REQUEST", { message: decision.message });
  });
}
