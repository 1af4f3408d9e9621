// How a two-factor step that did not go through is answered: better-auth's refusals in the
// dashboard's words, and the sign-in limiter's.
import { APIError } from "better-auth/api";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { logger } from "~/platform/logger.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";

export type TwoFactorFailure = { ok: false; status: number; message: string; field?: "password" | "code" };

/** better-auth's refusals, in the dashboard's words; anything else is a server error. */
export function refusal(error: unknown, action: string): TwoFactorFailure {
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

export const limited = async (request: Request, attempt: "sign-in" | "two-factor"): Promise<TwoFactorFailure | null> => {
  const answer = await limitAuthAttempt(request, attempt);
  return answer ? { ok: false, status: 429, message: (await answer.json()).message } : null;
};
