// The edges a purge goes to, each through its documented API. A target's `name` is what logs,
// metrics and the dashboard show; its token is only ever put in the request's headers, and a
// failure is described by the status or the connection error, never by the request.
import type { PurgeTargetConfig } from "./config.server";

export interface PurgeTarget {
  name: string;
  /** The most tags one request may carry (the API's limit). */
  maxTags: number;
  /** Purges these tags; throws an Error whose message names the status or connection error. */
  purge(tags: string[]): Promise<void>;
}

const TIMEOUT_MS = 5000;

async function send(url: string, init: RequestInit, accept?: (body: string) => boolean) {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new Error(cause?.code ?? (error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable"), {
      cause: undefined,
    });
  }
  const body = await response.text().catch(() => "");
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (accept && !accept(body)) throw new Error(`HTTP ${response.status}, refused`);
}

/**
 * Varnish with the shipped VCL (deploy/varnish/default.vcl): `PURGE /` with the tags in
 * `xkey-purge`, space-separated, answered by vmod-xkey's `xkey.purge`.
 */
function varnish(config: PurgeTargetConfig): PurgeTarget {
  return {
    name: config.name,
    maxTags: 100,
    purge: (tags) => send(`${config.url}/`, { method: "PURGE", headers: { "xkey-purge": tags.join(" ") } }),
  };
}

/** Fastly's purge of several surrogate keys: `POST /service/{id}/purge` with `Fastly-Key`, up to 256 keys. */
function fastly(config: PurgeTargetConfig): PurgeTarget {
  return {
    name: config.name,
    maxTags: 256,
    purge: (tags) =>
      send(`${config.url}/service/${encodeURIComponent(config.id!)}/purge`, {
        method: "POST",
        headers: { "fastly-key": config.token!, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ surrogate_keys: tags }),
      }),
  };
}

/** Cloudflare's purge by cache tag: `POST /zones/{zone}/purge_cache` with a bearer token, 30 tags a call. */
function cloudflare(config: PurgeTargetConfig): PurgeTarget {
  return {
    name: config.name,
    maxTags: 30,
    purge: (tags) =>
      send(
        `${config.url}/zones/${encodeURIComponent(config.id!)}/purge_cache`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${config.token!}`, "content-type": "application/json" },
          body: JSON.stringify({ tags }),
        },
        (body) => {
          try {
            return (JSON.parse(body) as { success?: unknown }).success === true;
          } catch {
            return false;
          }
        },
      ),
  };
}

/** Any other edge: `POST {"tags": [...]}` to an address, with a bearer token when one is set; any 2xx is done. */
function webhook(config: PurgeTargetConfig): PurgeTarget {
  return {
    name: config.name,
    maxTags: 500,
    purge: (tags) =>
      send(config.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
        body: JSON.stringify({ tags }),
      }),
  };
}

export function purgeTarget(config: PurgeTargetConfig): PurgeTarget {
  switch (config.kind) {
    case "varnish":
      return varnish(config);
    case "fastly":
      return fastly(config);
    case "cloudflare":
      return cloudflare(config);
    case "webhook":
      return webhook(config);
  }
}
