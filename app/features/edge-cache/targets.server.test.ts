import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEdgeConfig } from "./config.server";
import { purgeTarget } from "./targets.server";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local server standing in for Varnish and the Fastly and Cloudflare APIs: records each request, answers `reply`. */
let server: http.Server;
let base = "";
let seen: Seen[] = [];
let reply: { status: number; body: string } = { status: 200, body: "{}" };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen = [];
  reply = { status: 200, body: "{}" };
});

const ZONE = "0123456789abcdef0123456789abcdef";
const targetOf = (env: Record<string, string>) => purgeTarget(parseEdgeConfig(env).targets[0]!);

describe("purge requests, as each edge documents them", () => {
  it("Varnish: PURGE / with the tags space-separated in xkey-purge", async () => {
    await targetOf({ EDGE_VARNISH_PURGE: base }).purge(["site", "home/*"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "PURGE", url: "/", body: "" });
    expect(seen[0]!.headers["xkey-purge"]).toBe("site home/*");
  });

  it("Fastly: POST /service/{id}/purge with Fastly-Key and the keys in surrogate_keys, 256 a request", async () => {
    const target = targetOf({ EDGE_FASTLY_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY", EDGE_FASTLY_TOKEN: "fastly-token", EDGE_FASTLY_API: base });
    expect(target.maxTags).toBe(256);
    await target.purge(["home/hero_title", "home/*"]);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/service/SU1Z0isxPaozGVKXdv0eY/purge" });
    expect(seen[0]!.headers["fastly-key"]).toBe("fastly-token");
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({ surrogate_keys: ["home/hero_title", "home/*"] });
  });

  it("Cloudflare: POST /zones/{zone}/purge_cache with a bearer token and tags, 30 a request; success false is a failure", async () => {
    const target = targetOf({ EDGE_CLOUDFLARE_ZONE_ID: ZONE, EDGE_CLOUDFLARE_TOKEN: "cf-token", EDGE_CLOUDFLARE_API: base });
    expect(target.maxTags).toBe(30);
    reply = { status: 200, body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: ZONE } }) };
    await target.purge(["menu:*"]);
    expect(seen[0]).toMatchObject({ method: "POST", url: `/zones/${ZONE}/purge_cache` });
    expect(seen[0]!.headers.authorization).toBe("Bearer cf-token");
    expect(JSON.parse(seen[0]!.body)).toEqual({ tags: ["menu:*"] });
    reply = { status: 200, body: JSON.stringify({ success: false, errors: [{ code: 1134, message: "Unable to purge" }] }) };
    await expect(target.purge(["menu:*"])).rejects.toThrow("HTTP 200, refused");
  });

  it("a webhook: POST {tags} with the bearer token when one is set", async () => {
    await targetOf({ EDGE_PURGE_WEBHOOK: `${base}/hook`, EDGE_PURGE_WEBHOOK_TOKEN: "hook-token" }).purge(["site"]);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/hook" });
    expect(seen[0]!.headers.authorization).toBe("Bearer hook-token");
    expect(JSON.parse(seen[0]!.body)).toEqual({ tags: ["site"] });
  });

  it("describes a failure by its status or connection error, never by the token", async () => {
    reply = { status: 503, body: "down for maintenance" };
    const fastly = targetOf({ EDGE_FASTLY_SERVICE_ID: "abc", EDGE_FASTLY_TOKEN: "fastly-token", EDGE_FASTLY_API: base });
    await expect(fastly.purge(["site"])).rejects.toThrow(/^HTTP 503$/);
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const closed = targetOf({
      EDGE_FASTLY_SERVICE_ID: "abc",
      EDGE_FASTLY_TOKEN: "fastly-token",
      EDGE_FASTLY_API: `http://127.0.0.1:${closedPort}`,
    });
    const error = await closed.purge(["site"]).then(
      () => new Error("answered"),
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toBe("ECONNREFUSED");
    expect(JSON.stringify(error)).not.toContain("fastly-token");
  });
});
