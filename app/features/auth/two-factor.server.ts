import { eq, sql } from "drizzle-orm";
import { adminSettings, user } from "~/db/schema";
import { getAuth } from "./auth.server";
import type { Database } from "~/platform/db.server";
import { limited, refusal, type TwoFactorFailure } from "./two-factor-refusal.server";

export type { TwoFactorFailure } from "./two-factor-refusal.server";
export { hasPendingChallenge, verifySignInCode, type SignInCodeMethod } from "./two-factor-sign-in.server";

export const TWO_FACTOR_REQUIRED = "two_factor_required";

/** Whether an administrator turned on 'Двухфакторная аутентификация обязательна'. Off by default. */
export async function isTwoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: adminSettings.value })
    .from(adminSettings)
    .where(eq(adminSettings.key, TWO_FACTOR_REQUIRED))
    .limit(1);
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

/** The secret an authenticator app needs, as the otpauth URI carries it (base32). */
export const secretOf = (totpUri: string) => new URL(totpUri).searchParams.get("secret") ?? "";

/**
 * The QR code of the otpauth URI as SVG markup, drawn here: the secret never goes to a QR service.
 * Its library is loaded with the first enrolment (bench/memory.md).
 */
export async function qrSvg(totpUri: string) {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(totpUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}

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
    return {
      ok: true,
      totpUri: result.totpURI,
      secret: secretOf(result.totpURI),
      qrSvg: await qrSvg(result.totpURI),
      backupCodes: result.backupCodes,
    };
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
export async function regenerateBackupCodes(
  request: Request,
  password: string,
): Promise<{ ok: true; backupCodes: string[] } | TwoFactorFailure> {
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
