import { beforeEach, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { setSignUpOpen } from "~/features/auth/sign-up-policy.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as adminAction } from "~/routes/admin";
import { action as authAction } from "~/routes/api.auth.$";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const signUpThroughForm = (email: string) =>
  callRoute(adminAction as never, postForm("/admin", { intent: "signup", email, password: "password-123", redirectTo: "/admin" }));

const signUpThroughApi = async (email: string) => {
  const response = (await authAction({
    request: siteRequest("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({ email, password: "password-123", name: "x" }),
      headers: { "content-type": "application/json" },
    }),
    params: { "*": "sign-up/email" },
    context: { nonce: "" },
  } as never)) as Response;
  return { status: response.status, body: await response.text() };
};

// With sign-up closed, whether an address has an account is not told by sign-up's answer.
describe.each(onEmbeddedDatabase)("closed sign-up tells no one which addresses have accounts, on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await resetRateLimits();
    await setSignUpOpen(app.handle.db, true);
    await signUpAndGetCookie(app.auth, "admin@example.com");
    await signUpAndGetCookie(app.auth, "member@example.com");
  });

  it("answers an existing and an unknown address alike, on better-auth's endpoint and on the login form", async () => {
    await setSignUpOpen(app.handle.db, false);
    const existing = await signUpThroughApi("member@example.com");
    const unknown = await signUpThroughApi("nobody@example.com");
    expect(existing).toEqual(unknown);
    expect(existing.status).toBe(400);

    const formExisting = await signUpThroughForm("member@example.com");
    const formUnknown = await signUpThroughForm("nobody@example.com");
    expect({ status: formExisting.status, body: formExisting.body }).toEqual({ status: formUnknown.status, body: formUnknown.body });
    expect(formExisting.status).toBe(400);
    expect(await app.handle.db.select().from(user)).toHaveLength(2);
  });

  it("with sign-up open and no mail, says an address is taken, as documented in docs/security.md", async () => {
    expect((await signUpThroughApi("member@example.com")).status).toBe(422);
  });
});
