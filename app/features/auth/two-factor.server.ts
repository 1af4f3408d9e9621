import { createHash, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq, gt, like, lte, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { adminSettings, user, verification } from "~/db/schema";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { getAuth } from "./auth.server";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { clientIp } from "~/platform/client-address.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";

const TWO_FACTOR_REQUIRED = "two_factor_required";

/** Whether an administrator turned on 'Двухфакторная аутентификация обязательна'. Off by default. */
export async function isTwoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: adminSettings.value }).from(adminSettings).where(eq(adminSettings.key, TWO_FACTOR_REQUIRED)).limit(1);
  return row?.value === true;
}

export async function setTwoFactorRequired(db: Database, required: boolean) {
  await db
    .insert(adminSettings)
    .values({ key: TWO_FACTOR_REQUIRED, value: required })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value: required, updatedAt: sql`now()` } });
}

/** Read from the database on every request, like the role: a change applies at the next request. */
export async function hasTwoFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on ?? false;
}

export type TwoFactorFailure = { ok: false; status: number; message: string; field?: "password" | "code" };

/** better-auth's refusals, in the dashboard's words; anything else is a server error. */
function refusal(error: unknown, action: string): TwoFactorFailure {
  if (!(error instanceof APIError) || error.statusCode >= 500) throw error;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  logger.warn({ action, status: error.statusCode, code }, "two-factor step refused");
  switch (code) {
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL_OR_PASSWORD":
      return { ok: false, status: 400, message: twoFactorMessages.wrongPassword, field: "password" };
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return { ok: false, status: 400, message: twoFactorMessages.wrongCode, field: "code" };
    case "TOTP_ALREADY_ENABLED":
      return { ok: false, status: 409, message: twoFactorMessages.alreadyOn };
    case "TOTP_NOT_ENABLED":
    case "TWO_FACTOR_NOT_ENABLED":
    case "BACKUP_CODES_NOT_ENABLED":
      return { ok: false, status: 409, message: twoFactorMessages.notOn };
    case "INVALID_TWO_FACTOR_COOKIE":
      return { ok: false, status: 401, message: twoFactorMessages.challengeExpired };
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return { ok: false, status: 429, message: twoFactorMessages.challengeSpent };
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return { ok: false, status: 429, message: twoFactorMessages.locked };
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return { ok: false, status: 403, message: twoFactorMessages.signInAgain };
    default:
      return { ok: false, status: 400, message: twoFactorMessages.failed };
  }
}

const limited = async (request: Request, attempt: "sign-in" | "two-factor"): Promise<TwoFactorFailure | null> => {
  const answer = await limitAuthAttempt(request, attempt);
  return answer ? { ok: false, status: 429, message: (await answer.json()).message } : null;
};

/** The secret an authenticator app needs, as the otpauth URI carries it (base32). */
export const secretOf = (totpUri: string) => new URL(totpUri).searchParams.get("secret") ?? "";

/** The QR code of the otpauth URI as SVG markup, drawn here: the secret never goes to a QR service. */
export const qrSvg = (totpUri: string) => QRCode.toString(totpUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });

export type Enrolment = { ok: true; totpUri: string; secret: string; qrSvg: string; backupCodes: string[] };

/**
 * Step one of enrolment, after the password: a new secret (stored encrypted, not yet in force)
 * and ten backup codes. Two-factor is on only once a code from the app is confirmed.
 */
export async function startEnrolment(request: Request, password: string): Promise<Enrolment | TwoFactorFailure> {
  const refused = await limited(request, "sign-in");
  if (refused) return refused;
  try {
    const result = await getAuth().api.enableTwoFactor({ body: { password }, headers: request.headers });
    if (!("totpURI" in result) || !result.totpURI || !result.backupCodes) throw new Error("two-factor enrolment returned no secret");
    return { ok: true, totpUri: result.totpURI, secret: secretOf(result.totpURI), qrSvg: await qrSvg(result.totpURI), backupCodes: result.backupCodes };
  } catch (error) {
    return refusal(error, "two-factor-enable");
  }
}

/** Step two: a valid code turns two-factor on; better-auth replaces the session (new cookie). */
export async function confirmEnrolment(request: Request, code: string): Promise<{ ok: true; headers: Headers } | TwoFactorFailure> {
  const refused = await limited(request, "two-factor");
  if (refused) return refused;
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return refusal(error, "two-factor-confirm");
  }
}

export async function disableTwoFactor(request: Request, password: string): Promise<{ ok: true; headers: Headers } | TwoFactorFailure> {
  const refused = await limited(request, "sign-in");
  if (refused) return refused;
  try {
    const { headers } = await getAuth().api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return refusal(error, "two-factor-disable");
  }
}

/** New backup codes replace the old ones, every one of which stops working. */
export async function regenerateBackupCodes(request: Request, password: string): Promise<{ ok: true; backupCodes: string[] } | TwoFactorFailure> {
  const refused = await limited(request, "sign-in");
  if (refused) return refused;
  try {
    const result = await getAuth().api.generateBackupCodes({ body: { password }, headers: request.headers });
    return { ok: true, backupCodes: result.backupCodes };
  } catch (error) {
    return refusal(error, "two-factor-backup-codes");
  }
}

/** The cookie better-auth sets between the password and the code ("…better-auth.two_factor"). */
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
    await tx.delete(verification).where(and(like(verification.identifier, `${USED_CODE_PREFIX}%`), lte(verification.expiresAt, sql`now()`)));
    const [used] = await tx.select({ id: verification.id }).from(verification).where(eq(verification.identifier, identifier)).limit(1);
    if (used) return false;
    await tx.insert(verification).values({ id: randomUUID(), identifier, value: userId, expiresAt: new Date(Date.now() + USED_CODE_SECONDS * 1000) });
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
