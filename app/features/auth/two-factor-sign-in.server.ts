// The second step of a sign-in: the code from the app or a backup code, each taken once.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like, lte, sql } from "drizzle-orm";
import { user, verification } from "~/db/schema";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { getAuth } from "./auth.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { clientIp } from "~/platform/client-address.server";
import { limited, refusal, type TwoFactorFailure } from "./two-factor-refusal.server";

const TWO_FACTOR_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.two_factor)=([^;]+)/;

export const hasPendingChallenge = (request: Request) => TWO_FACTOR_COOKIE.test(request.headers.get("cookie") ?? "");

/**
 * Whose sign-in a code was sent for, for the activity log only: the challenge's identifier is
 * looked up among the still-valid ones (better-auth has checked the cookie's signature itself).
 */
async function pendingAccount(db: Database, request: Request) {
  const value = TWO_FACTOR_COOKIE.exec(request.headers.get("cookie") ?? "")?.[2];
  if (!value) return null;
  const identifier = decodeURIComponent(value).replace(/\.[^.]*$/, "");
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
  const account = await pendingAccount(db, request).catch(() => null);
  const details = { ip: clientIp(request), method: input.method === "totp" ? "totp" : "backup_code" };
  const claim = input.method === "totp" && account ? await claimCode(db, account.id, input.code) : null;
  const logFailure = (failure: TwoFactorFailure) =>
    recordEventInBackground(db, {
      kind: "auth.sign_in_failed",
      area: "auth",
      actor: null,
      target: account?.email ?? null,
      details: { ...details, stage: "two-factor", status: failure.status },
    });
  if (claim && !claim.claimed) {
    logger.warn({ userId: account!.id }, "two-factor code used again refused");
    const failure: TwoFactorFailure = { ok: false, status: 400, message: twoFactorMessages.codeUsed, field: "code" };
    logFailure(failure);
    return failure;
  }
  try {
    const { headers } =
      input.method === "totp"
        ? await getAuth().api.verifyTOTP({ body: { code: input.code }, headers: request.headers, returnHeaders: true })
        : await getAuth().api.verifyBackupCode({ body: { code: input.code }, headers: request.headers, returnHeaders: true });
    if (account) recordEventInBackground(db, { kind: "auth.sign_in", area: "auth", actor: account, target: account.email, details });
    return { ok: true, headers };
  } catch (error) {
    await claim?.release();
    const failure = refusal(error, "sign-in-code");
    logFailure(failure);
    return failure;
  }
}
