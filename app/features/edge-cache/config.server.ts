// The edge caches in front of the site (docs/edge-cache.md): how long a shared cache may keep a
// public page, and where purges go. Read from the environment once at start; a bad value stops
// the start with one line naming the variable. Tokens stay in this object: a target's `name`,
// which logs, metrics and the dashboard show, never carries one.
import { z } from "zod";
import { ConfigError } from "~/platform/env.server";

export interface PurgeTargetConfig {
  kind: "varnish" | "fastly" | "cloudflare" | "webhook";
  /** Shown in logs, metrics and the dashboard: the kind and a host, never a token. */
  name: string;
  url: string;
  token?: string;
  /** Fastly's service or Cloudflare's zone. */
  id?: string;
}

export interface EdgeConfig {
  /** Whether public pages carry the shared-cache lifetimes and tags. */
  enabled: boolean;
  /** Seconds a shared cache keeps a page without asking (`s-maxage`). */
  maxAge: number;
  /** Seconds it may answer a page past that while it fetches a new copy. */
  staleWhileRevalidate: number;
  /** Seconds it may answer a page past that while the site does not answer. */
  staleIfError: number;
  targets: PurgeTargetConfig[];
}

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const seconds = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(0, "must be 0 or more")
      .max(31_536_000, "must be at most 31536000 (a year)")
      .default(fallback),
  );

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const schema = z.object({
  EDGE_CACHE: optional.pipe(z.enum(["on", "off"], { error: "must be on or off" }).optional()),
  EDGE_MAX_AGE: seconds(3600),
  EDGE_STALE_WHILE_REVALIDATE: seconds(60),
  EDGE_STALE_IF_ERROR: seconds(86_400),
  /** Varnish addresses that take xkey purges, comma-separated (each instance of Varnish). */
  EDGE_VARNISH_PURGE: optional.pipe(
    z
      .string()
      .transform((value) => value.split(",").map((item) => item.trim()))
      .pipe(z.array(httpUrl).min(1))
      .optional(),
  ),
  EDGE_FASTLY_SERVICE_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/, "must be a Fastly service id (letters and digits)")
      .optional(),
  ),
  EDGE_FASTLY_TOKEN: optional,
  EDGE_FASTLY_API: optional.pipe(httpUrl.default("https://api.fastly.com")),
  EDGE_CLOUDFLARE_ZONE_ID: optional.pipe(
    z
      .string()
      .regex(/^[a-f0-9]{32}$/, "must be a Cloudflare zone id (32 hexadecimal digits)")
      .optional(),
  ),
  EDGE_CLOUDFLARE_TOKEN: optional,
  EDGE_CLOUDFLARE_API: optional.pipe(httpUrl.default("https://api.cloudflare.com/client/v4")),
  /** An address that takes `POST {"tags": [...]}` for any other edge. */
  EDGE_PURGE_WEBHOOK: optional.pipe(httpUrl.optional()),
  /** Sent as `Authorization: Bearer …` to the webhook. */
  EDGE_PURGE_WEBHOOK_TOKEN: optional,
});

const host = (url: string) => new URL(url).host;
const trimmed = (url: string) => url.replace(/\/+$/, "");

/** The edge configuration from the environment; throws a ConfigError of one line for a bad value. */
export function parseEdgeConfig(source: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    // A list's item is named by its variable (EDGE_VARNISH_PURGE, not EDGE_VARNISH_PURGE.1).
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? "EDGE_CACHE")} ${issue?.message ?? "is invalid"}`);
  }
  const env = result.data;
  const missing = (name: string, because: string) => new ConfigError(`Invalid configuration: ${name} must be set when ${because} is set`);
  const targets: PurgeTargetConfig[] = [];
  for (const url of env.EDGE_VARNISH_PURGE ?? []) targets.push({ kind: "varnish", name: `varnish ${host(url)}`, url: trimmed(url) });
  if (env.EDGE_FASTLY_SERVICE_ID || env.EDGE_FASTLY_TOKEN) {
    if (!env.EDGE_FASTLY_SERVICE_ID) throw missing("EDGE_FASTLY_SERVICE_ID", "EDGE_FASTLY_TOKEN");
    if (!env.EDGE_FASTLY_TOKEN) throw missing("EDGE_FASTLY_TOKEN", "EDGE_FASTLY_SERVICE_ID");
    targets.push({
      kind: "fastly",
      name: `fastly ${env.EDGE_FASTLY_SERVICE_ID}`,
      url: trimmed(env.EDGE_FASTLY_API),
      id: env.EDGE_FASTLY_SERVICE_ID,
      token: env.EDGE_FASTLY_TOKEN,
    });
  }
  if (env.EDGE_CLOUDFLARE_ZONE_ID || env.EDGE_CLOUDFLARE_TOKEN) {
    if (!env.EDGE_CLOUDFLARE_ZONE_ID) throw missing("EDGE_CLOUDFLARE_ZONE_ID", "EDGE_CLOUDFLARE_TOKEN");
    if (!env.EDGE_CLOUDFLARE_TOKEN) throw missing("EDGE_CLOUDFLARE_TOKEN", "EDGE_CLOUDFLARE_ZONE_ID");
    targets.push({
      kind: "cloudflare",
      name: `cloudflare ${env.EDGE_CLOUDFLARE_ZONE_ID}`,
      url: trimmed(env.EDGE_CLOUDFLARE_API),
      id: env.EDGE_CLOUDFLARE_ZONE_ID,
      token: env.EDGE_CLOUDFLARE_TOKEN,
    });
  }
  if (env.EDGE_PURGE_WEBHOOK_TOKEN && !env.EDGE_PURGE_WEBHOOK) throw missing("EDGE_PURGE_WEBHOOK", "EDGE_PURGE_WEBHOOK_TOKEN");
  if (env.EDGE_PURGE_WEBHOOK)
    targets.push({
      kind: "webhook",
      name: `webhook ${host(env.EDGE_PURGE_WEBHOOK)}`,
      url: env.EDGE_PURGE_WEBHOOK,
      token: env.EDGE_PURGE_WEBHOOK_TOKEN,
    });
  if (env.EDGE_CACHE === "off" && targets.length > 0)
    throw new ConfigError("Invalid configuration: EDGE_CACHE is off while purge targets are set (remove them or turn it on)");
  return {
    enabled: env.EDGE_CACHE === "on" || targets.length > 0,
    maxAge: env.EDGE_MAX_AGE,
    staleWhileRevalidate: env.EDGE_STALE_WHILE_REVALIDATE,
    staleIfError: env.EDGE_STALE_IF_ERROR,
    targets,
  };
}

/** No edge: the site answers as it does without one. */
export const noEdge: EdgeConfig = { enabled: false, maxAge: 0, staleWhileRevalidate: 0, staleIfError: 0, targets: [] };
