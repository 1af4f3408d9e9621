// Single sign-on refusals against a real OpenID provider (tests/support/sso-site.ts): each check of
// the ID token and the flow, shown failing with its own reason, leaves no account and no session.
import { describe, expect, it } from "vitest";
import { OTHER_CLIENT_ID, otherKey } from "../support/oidc-provider";
import { callRoute } from "../support/admin-routes";
import { onBothDatabases, siteRequest } from "../support/test-database";
import { Jar } from "../support/two-factor-session";
import { loader as callbackLoader } from "~/routes/auth.sso.callback";
import { useSsoSite } from "../support/sso-site";

describe.each(onBothDatabases)("single sign-on refusals on %s", (kind) => {
  const site = useSsoSite(kind);
  const { ssoSignIn, expectRefused, totals, eventsOf, userByEmail } = site;

  it("accepts a token the test's rewriting hook re-signs unchanged (so each refusal below is its one change)", async () => {
    site.provider.tamper = (claims) => ({ claims });
    const { jar } = await ssoSignIn("plain");
    expect(jar.has("session_token")).toBe(true);
  });

  it("refuses an ID token from another issuer", async () => {
    site.provider.tamper = (claims) => ({ claims: { ...claims, iss: "https://impostor.example" } });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/"iss"/);
  });

  it("refuses an ID token issued to another client", async () => {
    site.provider.tamper = (claims) => ({ claims: { ...claims, aud: OTHER_CLIENT_ID, azp: OTHER_CLIENT_ID } });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/"aud"/);
  });

  it("refuses an ID token with a bad signature", async () => {
    const forger = otherKey();
    site.provider.tamper = (claims) => ({ claims: { ...claims, groups: ["site-admins"] }, key: forger });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/signature verification failed/);
  });

  it("refuses an expired ID token", async () => {
    const now = Math.floor(Date.now() / 1000);
    site.provider.tamper = (claims) => ({ claims: { ...claims, iat: now - 7200, exp: now - 3600 } });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/"exp"/);
  });

  it("refuses an ID token whose nonce is not this sign-in's", async () => {
    const check = await expectRefused("newcomer", "token", {
      authorization: (url) => url.searchParams.set("nonce", "someone-elses-nonce"),
    });
    expect(check).toMatch(/"nonce"/);
  });

  it("refuses an answer whose state is not this sign-in's", async () => {
    const check = await expectRefused("newcomer", "state", { callback: (url) => url.searchParams.set("state", "forged-state") });
    expect(check).toMatch(/^state_mismatch$/);
  });

  it("refuses an authorization code used a second time", async () => {
    const first = await ssoSignIn("victim");
    expect(first.jar.has("session_token")).toBe(true);
    const before = await totals();
    const replay = await callRoute(
      callbackLoader as never,
      siteRequest(`${first.callbackUrl.pathname}${first.callbackUrl.search}`, { cookie: first.flowCookie }),
    );
    expect(replay.headers.get("location")).toBe("/admin?sso=token");
    expect(new Jar().take(replay).has("session_token")).toBe(false);
    expect(await totals()).toEqual(before);
    const [refused] = (await eventsOf("auth.sso_refused")).filter(
      (event) => (event.details as { check?: string }).check === "provider:invalid_grant",
    );
    expect(refused).toBeDefined();
  });

  it("refuses an address the provider has not verified", async () => {
    await expectRefused("unverified", "unverified_email");
    expect(await userByEmail("unverified@corp.example")).toBeUndefined();
  });

  it("refuses a domain that is not allowed, and a person of an allowed domain whose claim maps to no role", async () => {
    await expectRefused("outsider", "domain");
    expect(await userByEmail("outsider@elsewhere.example")).toBeUndefined();
    await expectRefused("norole", "no_role");
    expect(await userByEmail("norole@corp.example")).toBeUndefined();
  });
});
