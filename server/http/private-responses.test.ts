import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateRequest, keepPrivate } from "./private-responses";

const request = (url: string, cookie?: string) => ({ url, headers: cookie ? { cookie } : {} }) as IncomingMessage;

describe("which responses are private", () => {
  it.each([
    ["/admin", undefined, true],
    ["/admin/content", undefined, true],
    ["/admin.data", undefined, true],
    ["/admin/settings/branding.data?_routes=x", undefined, true],
    ["/api/auth/get-session", undefined, true],
    ["/api/auth/sign-in/email", undefined, true],
    ["/", "better-auth.session_token=abc", true],
    ["/fees?x=1", "theme=dark; __Secure-better-auth.session_token=abc", true],
    ["/", undefined, false],
    ["/administrator", undefined, false],
    ["/fees", "theme=dark", false],
    ["/api/authority", undefined, false],
  ])("%s with cookie %s: %s", (url, cookie, expected) => {
    expect(isPrivateRequest(request(url, cookie))).toBe(expected);
  });
});

describe("keepPrivate", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      keepPrivate(res);
      if (req.url === "/object") {
        res.setHeader("Cache-Control", "public, max-age=600");
        res.writeHead(200, { "Cache-Control": "public, max-age=31536000", "content-type": "text/plain" });
      } else if (req.url === "/array") {
        res.writeHead(404, ["cache-control", "max-age=60", "content-type", "text/plain"]);
      } else {
        res.statusCode = 302;
        res.setHeader("location", "/admin");
      }
      res.end("answer");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(["/object", "/array", "/implicit"])("overrides whatever %s set", async (path) => {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("a public answer that sets a cookie", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      keepPrivate(res, true);
      if (req.url === "/cookie-set") res.setHeader("Set-Cookie", "theme=dark");
      if (req.url === "/cookie-head") res.writeHead(200, ["set-cookie", "theme=dark", "cache-control", "public, max-age=60"]);
      else res.writeHead(200, { "cache-control": "public, max-age=60" });
      res.end("answer");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ["/cookie-set", "private, no-store"],
    ["/cookie-head", "private, no-store"],
    ["/plain", "public, max-age=60"],
  ])("%s answers %s", async (path, expected) => {
    expect((await fetch(`${base}${path}`)).headers.get("cache-control")).toBe(expected);
  });
});
