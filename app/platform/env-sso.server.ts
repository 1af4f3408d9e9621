// Single sign-on's variables (OIDC_*, docs/sso.md), part of env.server.ts's schema.
import { z } from "zod";
import { TEAM_ROLES } from "~/db/schema-team";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const ROLES = TEAM_ROLES;
type Role = (typeof TEAM_ROLES)[number];
/** A comma-separated list, each item normalised and checked; one message for the whole variable. */
const listOf = (normalise: (item: string) => string, valid: (item: string) => boolean, message: string) =>
  z
    .string()
    .transform((value, context) => {
      const items = value.split(",").map((item) => normalise(item.trim()));
      if (items.every(valid)) return items;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .optional();

/** Single sign-on is configured when any of these is set. */
const OIDC_VARIABLES = [
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_ALLOWED_DOMAINS",
  "OIDC_ROLE_CLAIM",
  "OIDC_ROLE_MAP",
  "OIDC_BREAK_GLASS",
] as const;

export const ssoVariables = {
  OIDC_ISSUER: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be the provider's https:// issuer URL" })
      .refine((value) => {
        const url = new URL(value);
        return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
      }, "must be an https:// URL (http:// only for a provider on this machine)")
      .refine((value) => !/[?#]/.test(value), "must not carry a query or fragment")
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString.pipe(z.string().max(200, "must be at most 200 characters").optional()),
  OIDC_CLIENT_SECRET: optionalString.pipe(z.string().max(500, "must be at most 500 characters").optional()),
  /** E-mail domains whose people get an account at their first sign-in (comma-separated). */
  OIDC_ALLOWED_DOMAINS: optionalString.pipe(
    listOf(
      (item) => item.toLowerCase().replace(/^@/, ""),
      (item) => DOMAIN.test(item),
      "must be comma-separated domains such as example.com",
    ),
  ),
  /** The ID token claim that names the person's groups or roles (e.g. groups, roles). */
  OIDC_ROLE_CLAIM: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_:./-]{1,100}$/, "must be a claim name such as groups")
      .optional(),
  ),
  /** Claim value → dashboard role, comma-separated: `site-admins=administrator,marketing=author`. */
  OIDC_ROLE_MAP: optionalString.pipe(
    z
      .string()
      .transform((value, context) => {
        const map: Record<string, Role> = {};
        for (const item of value.split(",")) {
          const [claim = "", role = ""] = item.split("=").map((part) => part.trim());
          if (!claim || !(ROLES as readonly string[]).includes(role)) {
            context.addIssue({ code: "custom", message: `must be value=role pairs, each role one of ${ROLES.join(", ")}` });
            return z.NEVER;
          }
          map[claim] = role as Role;
        }
        return map;
      })
      .optional(),
  ),
  /** Whether local passwords still sign in: off requires SSO for everyone but OIDC_BREAK_GLASS. */
  OIDC_LOCAL_PASSWORDS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /** Accounts that may still sign in with a password when OIDC_LOCAL_PASSWORDS=off (comma-separated e-mails). */
  OIDC_BREAK_GLASS: optionalString.pipe(
    listOf(
      (item) => item.toLowerCase(),
      (item) => z.email().safeParse(item).success,
      "must be comma-separated e-mail addresses",
    ),
  ),
};

type SsoEnv = z.infer<z.ZodObject<typeof ssoVariables>>;

/** Single sign-on's variables together: the issuer, client id and secret come as a set; a role map needs its claim. */
export function refineSso(env: SsoEnv, context: z.RefinementCtx) {
  const named = OIDC_VARIABLES.filter((name) => env[name] !== undefined);
  const sso = named.length > 0 || env.OIDC_LOCAL_PASSWORDS === "off";
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const)
    if (sso && env[name] === undefined)
      context.addIssue({
        code: "custom",
        path: [name],
        message: `must be set when single sign-on is configured (${named[0] ?? "OIDC_LOCAL_PASSWORDS"} is set)`,
      });
  if (env.OIDC_ROLE_MAP && !env.OIDC_ROLE_CLAIM)
    context.addIssue({
      code: "custom",
      path: ["OIDC_ROLE_CLAIM"],
      message: "must be set when OIDC_ROLE_MAP is set (the claim it maps)",
    });
}
