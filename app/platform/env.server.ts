import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { TEAM_ROLES } from "~/db/schema-team";
import { ANALYTICS_KEEP_MONTHS_DEFAULT, ANALYTICS_RAW_DAYS_DEFAULT, CONTACT_KEEP_DAYS_DEFAULT } from "./retention";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyAddress(item: string) {
  if (PROXY_NAMES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

const UNIT_MILLISECONDS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `24h`, `7d` in milliseconds. */
function parseDuration(value: string) {
  return Number.parseInt(value, 10) * UNIT_MILLISECONDS[value.slice(-1) as keyof typeof UNIT_MILLISECONDS];
}

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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  /**
   * Which proxies in front of the server may name the client (X-Forwarded-For): a number of hops,
   * or addresses, ranges and `loopback`/`linklocal`/`uniquelocal`, comma-separated.
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .transform((value, context) => {
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          if (hops >= 1 && hops <= 10) return hops;
        } else {
          const items = value.split(",").map((item) => item.trim());
          if (items.every(isProxyAddress)) return items;
        }
        context.addIssue({
          code: "custom",
          message: "must be a number of proxies (1-10) or comma-separated addresses, ranges or loopback/linklocal/uniquelocal",
        });
        return z.NEVER;
      })
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  SMTP_FROM: optionalString.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  CONTACT_NOTIFY_TO: optionalString.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  CONTACT_KEEP_DAYS: z.coerce.number({ error: "must be a number of days" }).int().min(1).max(36_500).default(CONTACT_KEEP_DAYS_DEFAULT),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  // The contact form's minimum fill time (MIN_FILL_MS in hmac.server.ts); test servers set it low.
  CONTACT_MIN_FILL_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(60_000, "must be at most 60000 (one minute)")
    .default(3_000),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  PAGE_CACHE: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /** The percentage of a server busy with visitors that administrators' requests may take (server/http/admin-share.ts); 100: they never wait. */
  ADMIN_SHARE: z.coerce
    .number({ error: "must be a whole percentage" })
    .int("must be a whole percentage")
    .min(5, "must be at least 5 (per cent)")
    .max(100, "must be at most 100 (per cent): 100 never holds administrators back")
    .default(15),
  BACKUP_DIR: optionalString,
  BACKUP_EVERY: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(m|h|d)$/, "must be a number of minutes, hours or days such as 30m, 24h or 7d")
      .transform(parseDuration)
      .refine((milliseconds) => milliseconds >= 60_000 && milliseconds <= 366 * 86_400_000, "must be between 1m and 366d")
      .optional(),
  ),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Uploads in S3-compatible object storage instead of DATA_DIR (upload-store.server.ts). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)")
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.example.com" }).optional(),
  ),
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1 or auto")
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .transform((value) => value === "true" || value === "1")
      .optional(),
  ),
  S3_PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://cdn.example.com" })
      .refine((value) => !/[?#]/.test(value), "must not carry a query or fragment")
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Request lines: every request, only those answered 400 or above, or none. */
  LOG_REQUESTS: z.enum(["all", "errors", "off"], { error: "must be all, errors or off" }).default("all"),
  /** Content history: the newest revisions kept per card, whatever their age. */
  HISTORY_KEEP: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100_000)
    .default(50),
  /** Content history: every revision younger than this many days is kept. */
  HISTORY_DAYS: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(36_500)
    .default(90),
  /** Releases: the time zone publish times are entered and shown in (an IANA name). */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Europe/Berlin"),
  // Statistics (docs/statistics.md): on unless turned off; raw events and roll-ups kept this long.
  ANALYTICS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  ANALYTICS_RAW_DAYS: z.coerce.number({ error: "must be a number of days" }).int().min(1).max(366).default(ANALYTICS_RAW_DAYS_DEFAULT),
  ANALYTICS_KEEP_MONTHS: z.coerce
    .number({ error: "must be a number of months" })
    .int()
    .min(1)
    .max(120)
    .default(ANALYTICS_KEEP_MONTHS_DEFAULT),
  /** A CDN's country header (e.g. CF-IPCountry); without it no country is recorded. */
  ANALYTICS_COUNTRY_HEADER: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as CF-IPCountry")
      .transform((name) => name.toLowerCase())
      .optional(),
  ),
  /** Events accepted per client address per minute. */
  ANALYTICS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(120),
  // Single sign-on with OpenID Connect (app/features/sso, docs/sso.md): off unless OIDC_ISSUER is set.
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
});

const OIDC_VARIABLES = [
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_ALLOWED_DOMAINS",
  "OIDC_ROLE_CLAIM",
  "OIDC_ROLE_MAP",
  "OIDC_BREAK_GLASS",
] as const;

const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
] as const;

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string; BACKUP_DIR: string };

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value names its variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema
    .refine((env) => !env.SMTP_URL || env.PUBLIC_URL, {
      path: ["PUBLIC_URL"],
      error: "must be set when SMTP_URL is set (confirmation mails link to the site)",
    })
    .superRefine((env, context) => {
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
    })
    .superRefine((env, context) => {
      const named = S3_VARIABLES.filter((name) => env[name] !== undefined);
      if (named.length === 0) return;
      if (!env.S3_BUCKET) {
        context.addIssue({
          code: "custom",
          path: ["S3_BUCKET"],
          message: `must be set when ${named[0]} is set (uploads go to that bucket)`,
        });
        return;
      }
      if (!env.S3_REGION)
        context.addIssue({
          code: "custom",
          path: ["S3_REGION"],
          message: "must be set when S3_BUCKET is set (e.g. us-east-1, or auto for R2)",
        });
      else if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
        const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
        const given = env.S3_ACCESS_KEY_ID ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
        context.addIssue({ code: "custom", path: [missing], message: `must be set when ${given} is set` });
      }
    })
    .safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  return {
    ...result.data,
    DATA_DIR: dataDir,
    BACKUP_DIR: result.data.BACKUP_DIR ? path.resolve(result.data.BACKUP_DIR) : path.join(dataDir, "backups"),
  };
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

export function setEnv(env: Env) {
  current = env;
}
