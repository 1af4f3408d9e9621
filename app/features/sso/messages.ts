// What single sign-on tells the login screen: why a sign-in through the provider was refused.
// The texts are in the dashboard catalogue (app/features/admin-i18n/catalogue, namespace `sso`).
import { z } from "zod";

export const ssoRefusals = [
  "not_configured",
  "unavailable",
  "expired",
  "state",
  "cancelled",
  "token",
  "unverified_email",
  "domain",
  "no_role",
  "no_email",
  "password_disabled",
] as const;

export type SsoRefusal = (typeof ssoRefusals)[number];

/** The query parameter of /admin that names a refused sign-in (only a reason code, never a text). */
export const SSO_REFUSAL_PARAMETER = "sso";

/** The /admin query's reason code: anything else is no reason (the login screen shows nothing). */
export const ssoRefusalQuery = z.object({ sso: z.enum(ssoRefusals).optional().catch(undefined) });

/** Where the login button starts a sign-in through the provider. */
export const SSO_START_PATH = "/auth/sso";
export const SSO_CALLBACK_PATH = "/auth/sso/callback";

/** What the login screen needs to know: whether to offer the button, and whether passwords still work. */
export type SsoScreen = { enabled: boolean; passwordsForAll: boolean; refusal: SsoRefusal | null };
