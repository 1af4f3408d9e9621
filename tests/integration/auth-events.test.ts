import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents } from "~/db/schema";
import { signInWithPassword } from "~/features/auth/sign-in.server";
import { action as authAction } from "~/routes/api.auth.$";
import { action as logoutAction } from "~/routes/admin.logout";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp, type TestApp } from "../support/test-database";

const events = async (app: TestApp) =>
  (await app.handle.db.select().from(activityEvents).orderBy(asc(activityEvents.id))).map((event) => ({
    kind: event.kind,
    area: event.area,
    actor: event.userEmail,
    target: event.target,
    details: event.details,
  }));

describe.each(onEmbeddedDatabase)("sign-in activity on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });

  it("logs sign-ins, failed sign-ins on both paths and sign-outs, never the password", async () => {
    await signUpAndGetCookie(app.auth, "admin@example.com");
    const ip = { "x-client-ip": "10.1.2.3" };
    expect(
      (
        await signInWithPassword(siteRequest("/admin", { method: "POST", headers: ip }), {
          email: "admin@example.com",
          password: "password-123",
        })
      ).ok,
    ).toBe(true);
    await signInWithPassword(siteRequest("/admin", { method: "POST", headers: ip }), {
      email: "Admin@Example.com",
      password: "wrong-secret-1",
    });
    const response = (await authAction({
      request: siteRequest("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-secret-2" }),
        headers: { "content-type": "application/json", ...ip },
      }),
      params: { "*": "sign-in/email" },
      context: { nonce: "" },
    } as never)) as Response;
    expect(response.status).toBe(401);
    const signedIn = await signInWithPassword(siteRequest("/admin", { method: "POST" }), {
      email: "admin@example.com",
      password: "password-123",
    });
    const cookie = signedIn.ok
      ? signedIn.headers
          .getSetCookie()
          .map((entry) => entry.split(";")[0])
          .join("; ")
      : "";
    await logoutAction({ request: siteRequest("/admin/logout", { method: "POST", cookie }), params: {}, context: { nonce: "" } } as never);

    await expect.poll(async () => (await events(app)).length).toBe(5);
    const logged = await events(app);
    expect(logged).toEqual([
      { kind: "auth.sign_in", area: "auth", actor: "admin@example.com", target: "admin@example.com", details: { ip: "10.1.2.3" } },
      { kind: "auth.sign_in_failed", area: "auth", actor: null, target: "admin@example.com", details: { ip: "10.1.2.3", status: 401 } },
      { kind: "auth.sign_in_failed", area: "auth", actor: null, target: "nobody@example.com", details: { ip: "10.1.2.3", status: 401 } },
      expect.objectContaining({ kind: "auth.sign_in", actor: "admin@example.com" }),
      { kind: "auth.sign_out", area: "auth", actor: "admin@example.com", target: "admin@example.com", details: null },
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/wrong-secret|password-123/);
  });
});
