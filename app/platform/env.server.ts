import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { refineSso, ssoVariables } from "./env-sso.server";
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
  /** Whether this server captures the archive of what public pages serve (docs/archive.md); off: a staging or test copy. */
  ARCHIVE: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /** How long archive entries are kept (docs/archive.md, retention): 2557 days, seven years, by default. */
  ARCHIVE_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number of days, such as 2557 (seven years)" })
    .int("must be a whole number of days")
    .min(30, "must be at least 30 (days): an archive kept for less proves little")
    .max(36_525, "must be at most 36525 (100 years)")
    .default(2557),
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
  /** Effective dates of the terms and fees: a date closer than this many months warns that the notice is short. */
  EFFECTIVE_NOTICE_MONTHS: z.coerce
    .number({ error: "must be a whole number of months" })
    .int("must be a whole number of months")
    .min(0, "must be 0 or more")
    .max(36)
    .default(2),
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
  ...ssoVariables,
});

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
    .superRefine(refineSso)
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
