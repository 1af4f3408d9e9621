// The second step of a sign-in: the code from the app or a backup code, each taken once.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like, lte, sql } from "drizzle-orm";
import { user, verification } from "~/db/schema";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { createAuthMiddleware } from "better-auth/api";
import { getAuth } from "./auth.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { clientIp } from "~/platform/client-address.server";
import { limited, refusal, type TwoFactorFailure } from "./two-factor-refusal.server";

const TWO_FACTOR_COOKIE = "two_factor";

/**
 * The challenge cookie's signed value, read by better-auth's own cookie API: a middleware's
 * `getSignedCookie` is the call better-auth's code step makes, with the same parser (quoted
 * values, spaces around `=`, the first of two cookies of one name, names that only end alike),
 * so this reads the challenge exactly when better-auth does. Null when there is none or its
 * signature is wrong.
 */
const readChallenge = createAuthMiddleware(async (ctx) => {
  const context = await getAuth().$context;
  const value = await ctx.getSignedCookie(context.createAuthCookie(TWO_FACTOR_COOKIE).name, context.secret);
  return typeof value === "string" && value ? value : null;
});

/** Whether the request carries a sign-in's challenge (signed by this site). */
export const hasPendingChallenge = async (request: Request) => (await readChallenge({ headers: request.headers })) !== null;

/**
 * Whose sign-in a code was sent for: the account the challenge names, found as better-auth
 * finds it (its verification row), among the still-valid ones. Codes are claimed against it.
 */
async function pendingAccount(db: Database, request: Request) {
  const identifier = await readChallenge({ headers: request.headers });
  if (!identifier) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export type SignInCodeMethod = "totp" | "backup";

/** How long a code from the app stays claimed: longer than the ±30 s an app's clock may drift. */
const USED_CODE_SECONDS = 120;
const USED_CODE_PREFIX = "2fa-used-";

/**
 * A code from the app signs in once: better-auth accepts the same code for its whole window, so
 * a code someone saw (over a shoulder, in a proxy) would otherwise open a second session. The
 * claim is taken under a transaction-scoped advisory lock before the code is checked, so two
 * requests with one code take turns; a code that turns out wrong gives its claim back. Only the
 * code's SHA-256 is stored.
 */
async function claimCode(db: Database, userId: string, code: string) {
  const identifier = `${USED_CODE_PREFIX}${userId}-${createHash("sha256").update(code).digest("hex")}`;
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`);
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, `${USED_CODE_PREFIX}%`), lte(verification.expiresAt, sql`now()`)));
    const [used] = await tx.select({ id: verification.id }).from(verification).where(eq(verification.identifier, identifier)).limit(1);
    if (used) return false;
    await tx
      .insert(verification)
      .values({ id: randomUUID(), identifier, value: userId, expiresAt: new Date(Date.now() + USED_CODE_SECONDS * 1000) });
    return true;
  });
  return { claimed, release: () => db.delete(verification).where(eq(verification.identifier, identifier)) };
}

/**
 * The code step of a sign-in: the password was right and better-auth holds the sign-in in a
 * short-lived challenge (no session yet). Limited per client address like passwords; each
 * answer goes to the activity log, never with the code.
 */
export async function verifySignInCode(
  db: Database,
  request: Request,
  input: { code: string; method: SignInCodeMethod },
): Promise<{ ok: true; headers: Headers } | TwoFactorFailure> {
  const refused = await limited(request, "two-factor");
  if (refused) return refused;
  const account = await pendingAccount(db, request);
  const details = { ip: clientIp(request), method: input.method === "totp" ? "totp" : "backup_code" };
  const logFailure = (failure: TwoFactorFailure) => {
    recordEventInBackground(db, {
      kind: "auth.sign_in_failed",
      area: "auth",
      actor: null,
      target: account?.email ?? null,
      details: { ...details, stage: "two-factor", status: failure.status },
    });
    return failure;
  };
  // No challenge better-auth would read: nothing to sign in to, and no account to claim the code against.
  if (!account) return logFailure({ ok: false, status: 401, message: twoFactorMessages.challengeExpired });
  const claim = input.method === "totp" ? await claimCode(db, account.id, input.code) : null;
  if (claim && !claim.claimed) {
    logger.warn({ userId: account.id }, "two-factor code used again refused");
    return logFailure({ ok: false, status: 400, message: twoFactorMessages.codeUsed, field: "code" });
  }
  try {
    const { headers, response } =
      input.method === "totp"
        ? await getAuth().api.verifyTOTP({ body: { code: input.code }, headers: request.headers, returnHeaders: true })
        : await getAuth().api.verifyBackupCode({ body: { code: input.code }, headers: request.headers, returnHeaders: true });
    // The session is the claimed account's, or it is not given (a request carrying someone's session).
    if (response.user.id !== account.id) {
      if (response.token)
        await getAuth()
          .api.revokeSession({ body: { token: response.token }, headers: request.headers })
          .catch(() => {});
      logger.warn({ userId: account.id }, "two-factor code step answered for another account refused");
      return logFailure({ ok: false, status: 401, message: twoFactorMessages.challengeExpired });
    }
    recordEventInBackground(db, { kind: "auth.sign_in", area: "auth", actor: account, target: account.email, details });
    return { ok: true, headers };
  } catch (error) {
    await claim?.release();
    return logFailure(refusal(error, "sign-in-code"));
  }
}
