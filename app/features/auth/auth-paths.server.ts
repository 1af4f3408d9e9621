// Which of better-auth's endpoints the site serves at /api/auth/*, and under which limit. Every
// path of better-auth's router is listed here, served or not; a path an upgrade adds is not
// served until it is listed (and tests/integration/auth-paths.test.ts fails until it is).
import type { AuthAttempt } from "~/platform/rate-limit.server";

export interface ServedAuthPath {
  /** The limiter's count the request is taken from (per client address). */
  attempt: AuthAttempt;
  /** Whether the account named by the body's `email` has its own allowance too. */
  byAccount?: boolean;
}

/** Served, each under the product's limiter. */
export const servedAuthPaths: Record<string, ServedAuthPath> = {
  "/sign-in/email": { attempt: "sign-in", byAccount: true },
  "/sign-up/email": { attempt: "sign-up" },
  // 'Забыли пароль?' and the new password from its link: counted with sign-in, as in the dashboard.
  "/request-password-reset": { attempt: "sign-in", byAccount: true },
  "/reset-password": { attempt: "sign-in" },
  // The dashboard's own password form counts with sign-in too.
  "/change-password": { attempt: "sign-in" },
  // The confirmation link of a sign-up mail (with SMTP_URL).
  "/verify-email": { attempt: "sign-up" },
  "/get-session": { attempt: "session" },
  "/sign-out": { attempt: "session" },
  // better-auth's page for a link that failed (an expired confirmation link lands there).
  "/error": { attempt: "session" },
};

/**
 * Not served (404): what the site does not offer (social sign-in, account linking, deleting or
 * renaming an account, changing the address, listing or revoking sessions, a resent
 * confirmation), and better-auth's two-factor endpoints, whose steps go through the dashboard's
 * own actions (which limit the codes and log each attempt).
 */
export const notServedAuthPaths = [
  "/sign-in/social",
  "/callback/:id",
  "/verify-password",
  "/send-verification-email",
  "/change-email",
  "/update-session",
  "/update-user",
  "/delete-user",
  "/delete-user/callback",
  "/reset-password/:token",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/link-social",
  "/list-accounts",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/two-factor/enable",
  "/two-factor/disable",
];

const AUTH_PREFIX = "/api/auth";

/** The served path a request is for (better-auth's router matches paths exactly), or null. */
export function servedAuthPath(pathname: string): ServedAuthPath | null {
  if (!pathname.startsWith(`${AUTH_PREFIX}/`)) return null;
  const path = pathname.slice(AUTH_PREFIX.length).replace(/\/+$/, "");
  return Object.hasOwn(servedAuthPaths, path) ? servedAuthPaths[path]! : null;
}

const MAX_ACCOUNT_BODY_BYTES = 64 * 1024;

/** The `email` of a JSON or form body, read from a copy (better-auth reads the request itself). */
export async function accountInBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (!request.body || (Number.isFinite(declared) && declared > MAX_ACCOUNT_BODY_BYTES)) return undefined;
  const text = await request
    .clone()
    .text()
    .catch(() => "");
  if (text.length > MAX_ACCOUNT_BODY_BYTES) return undefined;
  const type = request.headers.get("content-type") ?? "";
  try {
    const email: unknown = type.includes("application/x-www-form-urlencoded")
      ? new URLSearchParams(text).get("email")
      : (JSON.parse(text) as { email?: unknown } | null)?.email;
    return typeof email === "string" ? email : undefined;
  } catch {
    return undefined;
  }
}
