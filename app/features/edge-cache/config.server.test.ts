import { describe, expect, it } from "vitest";
import { ConfigError } from "~/platform/env.server";
import { parseEdgeConfig } from "./config.server";

const ZONE = "0123456789abcdef0123456789abcdef";

describe("edge cache configuration", () => {
  it("changes nothing without an edge", () => {
    expect(parseEdgeConfig({})).toEqual({ enabled: false, maxAge: 3600, staleWhileRevalidate: 60, staleIfError: 86400, targets: [] });
  });

  it("turns the headers on with EDGE_CACHE=on alone (a CDN without purges) and reads the lifetimes", () => {
    const config = parseEdgeConfig({ EDGE_CACHE: "on", EDGE_MAX_AGE: "600", EDGE_STALE_WHILE_REVALIDATE: "", EDGE_STALE_IF_ERROR: "0" });
    expect(config).toMatchObject({ enabled: true, maxAge: 600, staleWhileRevalidate: 60, staleIfError: 0, targets: [] });
  });

  it("lists every edge, named without its token", () => {
    const config = parseEdgeConfig({
      EDGE_VARNISH_PURGE: "http://10.0.0.5:6081, http://10.0.0.6:6081/",
      EDGE_FASTLY_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY",
      EDGE_FASTLY_TOKEN: "fastly-secret-token",
      EDGE_CLOUDFLARE_ZONE_ID: ZONE,
      EDGE_CLOUDFLARE_TOKEN: "cloudflare-secret-token",
      EDGE_PURGE_WEBHOOK: "https://purge.example.com/hook",
      EDGE_PURGE_WEBHOOK_TOKEN: "webhook-secret-token",
    });
    expect(config.enabled).toBe(true);
    expect(config.targets.map((target) => [target.kind, target.name, target.url])).toEqual([
      ["varnish", "varnish 10.0.0.5:6081", "http://10.0.0.5:6081"],
      ["varnish", "varnish 10.0.0.6:6081", "http://10.0.0.6:6081"],
      ["fastly", "fastly SU1Z0isxPaozGVKXdv0eY", "https://api.fastly.com"],
      ["cloudflare", `cloudflare ${ZONE}`, "https://api.cloudflare.com/client/v4"],
      ["webhook", "webhook purge.example.com", "https://purge.example.com/hook"],
    ]);
    for (const target of config.targets) expect(target.name).not.toMatch(/secret/);
  });

  it.each([
    [{ EDGE_VARNISH_PURGE: "varnish:6081" }, "Invalid configuration: EDGE_VARNISH_PURGE must be an http(s) URL"],
    [{ EDGE_VARNISH_PURGE: "http://a:6081,ftp://b" }, "Invalid configuration: EDGE_VARNISH_PURGE must be an http(s) URL"],
    [{ EDGE_FASTLY_SERVICE_ID: "abc123" }, "Invalid configuration: EDGE_FASTLY_TOKEN must be set when EDGE_FASTLY_SERVICE_ID is set"],
    [{ EDGE_FASTLY_TOKEN: "t" }, "Invalid configuration: EDGE_FASTLY_SERVICE_ID must be set when EDGE_FASTLY_TOKEN is set"],
    [{ EDGE_CLOUDFLARE_ZONE_ID: ZONE }, "Invalid configuration: EDGE_CLOUDFLARE_TOKEN must be set when EDGE_CLOUDFLARE_ZONE_ID is set"],
    [
      { EDGE_CLOUDFLARE_ZONE_ID: "example.com", EDGE_CLOUDFLARE_TOKEN: "t" },
      "Invalid configuration: EDGE_CLOUDFLARE_ZONE_ID must be a Cloudflare zone id (32 hexadecimal digits)",
    ],
    [{ EDGE_PURGE_WEBHOOK_TOKEN: "t" }, "Invalid configuration: EDGE_PURGE_WEBHOOK must be set when EDGE_PURGE_WEBHOOK_TOKEN is set"],
    [{ EDGE_MAX_AGE: "an hour" }, "Invalid configuration: EDGE_MAX_AGE must be a number of seconds"],
    [{ EDGE_CACHE: "yes" }, "Invalid configuration: EDGE_CACHE must be on or off"],
    [
      { EDGE_CACHE: "off", EDGE_VARNISH_PURGE: "http://a:6081" },
      "Invalid configuration: EDGE_CACHE is off while purge targets are set (remove them or turn it on)",
    ],
  ])("stops the start with one line for %j", (source, message) => {
    const parse = () => parseEdgeConfig(source);
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(message);
    try {
      parse();
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
      expect((error as Error).message).not.toMatch(/secret/);
    }
  });
});
