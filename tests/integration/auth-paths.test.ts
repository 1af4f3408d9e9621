import { beforeEach, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { notServedAuthPaths, servedAuthPaths } from "~/features/auth/auth-paths.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { ACCOUNT_LIMIT_FACTOR, resetRateLimits } from "~/platform/rate-limit.server";
import { action, loader } from "~/routes/api.auth.$";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp, type TestApp } from "../support/test-database";

const LIMIT = 2;

/** The paths better-auth's router serves (its endpoints object; server-only endpoints have no route). */
function routerPaths(app: TestApp) {
  const endpoints = Object.values(app.auth.api as Record<string, { path?: string; options?: Record<string, unknown> }>);
  const routed = endpoints.filter(
    (endpoint) => endpoint.path && !(endpoint.options?.metadata as { SERVER_ONLY?: boolean } | undefined)?.SERVER_ONLY,
  );
  return routed.map((endpoint) => ({
    path: endpoint.path!,
    methods: ([] as string[])
      .concat((endpoint.options?.method as string | string[]) ?? "GET")
      .map((method) => (method === "*" ? "GET" : method)),
  }));
}

const call = (method: string, path: string, init: { body?: unknown; cookie?: string; ip?: string } = {}) => {
  const request = siteRequest(`/api/auth${path.replace(/:[a-z]+/gi, "x")}`, {
    method,
    ...(method === "GET" ? {} : { body: JSON.stringify(init.body ?? {}), headers: { "content-type": "application/json" } }),
    cookie: init.cookie,
  });
  if (init.ip) request.headers.set("x-client-ip", init.ip);
  const handler = method === "GET" ? loader : action;
  return handler({ request, params: {}, context: { nonce: "" } } as never) as Promise<Response>;
};

describe.each(onEmbeddedDatabase)("every /api/auth path is limited or not served, on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: String(LIMIT) });
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await resetRateLimits();
  });

  it("classifies every path of better-auth's router (an upgrade's new path fails here until it is)", () => {
    const paths = routerPaths(app).map((endpoint) => endpoint.path);
    const classified = [...Object.keys(servedAuthPaths), ...notServedAuthPaths];
    expect(
      paths.filter((path) => !classified.includes(path)),
      "paths of better-auth's router not classified",
    ).toEqual([]);
    expect(
      classified.filter((path) => !paths.includes(path)),
      "classified paths better-auth no longer has",
    ).toEqual([]);
    expect(new Set(classified).size).toBe(classified.length);
  });

  it("answers 404 for each path not served, by every method", async () => {
    for (const { path } of routerPaths(app).filter((endpoint) => notServedAuthPaths.includes(endpoint.path))) {
      for (const method of ["GET", "POST"]) expect((await call(method, path)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call("POST", "/sign-in/email/../../two-factor/enable")).status).toBe(404);
    expect((await call("GET", "/no-such-endpoint")).status).toBe(404);
  });

  it("puts each served path under the limiter: one client gets 429 once its allowance is spent", async () => {
    for (const [index, { path, methods }] of routerPaths(app)
      .filter((endpoint) => Object.hasOwn(servedAuthPaths, endpoint.path))
      .entries()) {
      const ip = `10.1.0.${index + 1}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LIMIT * 6 + 1 && !statuses.includes(429); attempt++) {
        statuses.push(
          (await call(methods[0]!, path, { ip, body: { email: `someone${attempt}@example.com`, password: "wrong-password" } })).status,
        );
      }
      expect(statuses, path).toContain(429);
      expect(statuses, path).not.toContain(404);
    }
  });

  it("limits one account's password and reset attempts whichever clients they come from", async () => {
    for (const path of ["/sign-in/email", "/request-password-reset"]) {
      await resetRateLimits();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LIMIT * ACCOUNT_LIMIT_FACTOR; attempt++) {
        const body = { email: "Target@example.com", password: "wrong-password", redirectTo: "/admin" };
        statuses.push((await call("POST", path, { ip: `10.2.${attempt}.1`, body })).status);
      }
      expect(statuses.slice(0, -1), path).not.toContain(429);
      expect(statuses.at(-1), path).toBe(429);
    }
  });

  it("refuses the 11th wrong current password on change-password, as the dashboard's form does", async () => {
    setLimit(app, 10);
    try {
      const cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const body = { currentPassword: `wrong-${attempt}`, newPassword: "new-password-1" };
        statuses.push((await call("POST", "/change-password", { cookie, body })).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400 || status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      setLimit(app, LIMIT);
    }
  });
});

function setLimit(app: TestApp, limit: number) {
  setEnv(parseEnv({ ...app.env, AUTH_RATE_LIMIT: String(limit) } as never));
}
