// Single sign-on's settings, read from the environment (app/platform/env.server.ts, docs/sso.md).
import { getEnv, type Env } from "~/platform/env.server";
import { roleNames, type Role } from "~/features/access/matrix";
import { ssoRefusalQuery, type SsoScreen } from "./messages";

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: readonly string[];
  roleClaim: string | undefined;
  roleMap: Readonly<Record<string, Role>>;
  /** Whether local passwords still sign in (OIDC_LOCAL_PASSWORDS); off: only break-glass accounts (auth/password-gate.server.ts). */
  localPasswords: boolean;
  breakGlass: readonly string[];
}

/** The configuration, or null when single sign-on is not configured (OIDC_ISSUER unset). */
export function ssoConfigOf(env: Env = getEnv()): SsoConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    allowedDomains: env.OIDC_ALLOWED_DOMAINS ?? [],
    roleClaim: env.OIDC_ROLE_CLAIM,
    roleMap: env.OIDC_ROLE_MAP ?? {},
    localPasswords: env.OIDC_LOCAL_PASSWORDS === "on",
    breakGlass: env.OIDC_BREAK_GLASS ?? [],
  };
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export const domainAllowed = (config: SsoConfig, email: string) => config.allowedDomains.includes(domainOf(email));

/**
 * The role the provider's claim maps to: the claim may be one value or a list (groups); of several
 * mapped values the strongest role wins (the role list is strongest first).
 */
export function roleFromClaims(config: SsoConfig, claims: Record<string, unknown>): Role | null {
  if (!config.roleClaim) return null;
  const value = claims[config.roleClaim];
  const values = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
  const mapped = values.map((item) => config.roleMap[item]).filter((role): role is Role => role !== undefined);
  return roleNames.find((role) => mapped.includes(role)) ?? null;
}

/**
 * RFC 8176 `amr` values that mean more than one factor (or a factor beyond a password): the
 * provider's own multi-factor check, so the dashboard does not ask for its code again.
 */
const MFA_METHODS = new Set(["mfa", "otp", "hwk", "sms", "sc", "fpt", "face", "iris", "retina", "vbm", "tel"]);

export function providerDidMfa(claims: Record<string, unknown>) {
  const amr = claims.amr;
  return Array.isArray(amr) && amr.some((method) => typeof method === "string" && MFA_METHODS.has(method));
}

/** What the login screen shows of single sign-on: the button, whether passwords still work for everyone, a refusal's reason. */
export function describeSso(request: Request): SsoScreen {
  const config = ssoConfigOf();
  const query = ssoRefusalQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { enabled: config !== null, passwordsForAll: config?.localPasswords ?? true, refusal: query.sso ?? null };
}
