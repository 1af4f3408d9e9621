// With single sign-on required (OIDC_LOCAL_PASSWORDS=off), passwords sign in, sign up and reset
// only for the break-glass accounts (OIDC_BREAK_GLASS); app/features/sso is the sign-in itself. Checked in better-auth's own before-hook,
// so the dashboard's forms and direct calls to /api/auth are refused alike.
import { APIError } from "better-auth/api";
import { getEnv } from "~/platform/env.server";

const PASSWORD_PATHS = new Set(["/sign-in/email", "/sign-up/email", "/request-password-reset"]);

export const PASSWORD_DISABLED_MESSAGE = "Вход по паролю отключён: войдите через SSO";

/** Throws better-auth's 403 when this request would use a password that single sign-on replaced. */
export function refusePasswordWhenSsoRequired(path: string, body: unknown) {
  if (!PASSWORD_PATHS.has(path)) return;
  const email = (body as { email?: unknown } | null)?.email;
  if (passwordAllowed(typeof email === "string" ? email : "")) return;
  throw new APIError("FORBIDDEN", { message: PASSWORD_DISABLED_MESSAGE });
}

/** Whether a password may sign this address in: always, unless single sign-on is required, then only a break-glass account. */
export function passwordAllowed(email: string) {
  const env = getEnv();
  if (!env.OIDC_ISSUER || env.OIDC_LOCAL_PASSWORDS === "on") return true;
  return (env.OIDC_BREAK_GLASS ?? []).includes(email.trim().toLowerCase());
}
