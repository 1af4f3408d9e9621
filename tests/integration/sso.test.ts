// Single sign-on with OpenID Connect (app/features/sso) against a real provider started here
// (oidc-provider on an ephemeral port): a sign-in that passes every check, and each refusal,
// which must leave no account and no session behind and be in the activity log without tokens.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { account, activityEvents, adminInvitations, adminUsers, session, ssoSessions, user } from "~/db/schema";
import { backgroundEventsWritten } from "~/features/activity/activity.server";
import { getAdminStatus } from "~/features/auth/permissions.server";
import { setTwoFactorRequired } from "~/features/auth/two-factor.server";
import { PASSWORD_DISABLED_MESSAGE } from "~/features/auth/password-gate.server";
import { setEnv, type Env } from "~/platform/env.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as teamLoader } from "~/routes/admin.other.team";
import { loader as startLoader } from "~/routes/auth.sso";
import { loader as callbackLoader } from "~/routes/auth.sso.callback";
import { callRoute } from "../support/admin-routes";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  OTHER_CLIENT_ID,
  otherKey,
  signInAtProvider,
  startTestProvider,
  type TestProvider,
} from "../support/oidc-provider";
import { ORIGIN, onBothDatabases, siteRequest, signUpAndGetCookie, useTestApp } from "../support/test-database";
import { Jar, PASSWORD, signInWithPassword } from "../support/two-factor-session";

const CALLBACK = `${ORIGIN}/auth/sso/callback`;

describe.each(onBothDatabases)("single sign-on through a real OpenID provider on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  let provider: TestProvider;
  let baseEnv: Env;

  const configure = (overrides: Partial<Env> = {}) =>
    setEnv({
      ...baseEnv,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ALLOWED_DOMAINS: ["corp.example"],
      OIDC_ROLE_CLAIM: "groups",
      OIDC_ROLE_MAP: { "site-admins": "administrator", "site-editors": "author", "site-reviewers": "reviewer" },
      OIDC_LOCAL_PASSWORDS: "on",
      OIDC_BREAK_GLASS: ["breakglass@example.com"],
      ...overrides,
    });

  beforeAll(async () => {
    baseEnv = app.env;
    provider = await startTestProvider(CALLBACK);
    configure();
    // The first account (the administrator) signs in with a password: the break-glass account.
    await signUpAndGetCookie(app.auth, "breakglass@example.com", PASSWORD);
    const add = (login: string, claims: Partial<Parameters<typeof provider.accounts.set>[1]> = {}) =>
      provider.accounts.set(login, { sub: `sub-${login}`, email: `${login}@corp.example`, email_verified: true, ...claims });
    add("anna", { groups: ["staff", "site-editors"], name: "Anna Editor" });
    add("boss", { groups: ["site-admins"], amr: ["pwd", "otp"] });
    add("plain", { groups: ["site-reviewers"] });
    add("unverified", { email_verified: false, groups: ["site-editors"] });
    add("outsider", { email: "outsider@elsewhere.example", groups: ["site-admins"] });
    add("invited", { email: "invited@partner.example" });
    add("norole", { groups: ["staff"] });
    add("victim", { groups: ["site-editors"] });
    // Signs in only in refusals: never gets an account.
    add("newcomer", { groups: ["site-admins"] });
  });
  afterAll(async () => {
    setEnv(baseEnv);
    await provider?.stop();
  });
  beforeEach(async () => {
    provider.tamper = null;
    await resetRateLimits();
  });

  /** The whole sign-in as a browser: /auth/sso, the provider's sign-in page, the callback. */
  async function ssoSignIn(login: string, change: { authorization?: (url: URL) => void; callback?: (url: URL) => void } = {}) {
    const jar = new Jar();
    const started = await callRoute(startLoader as never, siteRequest("/auth/sso"));
    jar.take(started);
    expect(started.status).toBe(303);
    const authorization = new URL(started.headers.get("location")!);
    expect(authorization.origin).toBe(provider.issuer);
    change.authorization?.(authorization);
    const callbackUrl = new URL(await signInAtProvider(authorization.href, login, CALLBACK));
    change.callback?.(callbackUrl);
    const flowCookie = jar.header;
    const answer = await callRoute(
      callbackLoader as never,
      siteRequest(`${callbackUrl.pathname}${callbackUrl.search}`, { cookie: jar.header }),
    );
    jar.take(answer);
    return { answer, jar, authorization, callbackUrl, flowCookie };
  }

  const totals = async () => ({
    users: (await app.handle.db.select({ n: count() }).from(user))[0]!.n,
    sessions: (await app.handle.db.select({ n: count() }).from(session))[0]!.n,
  });
  const userByEmail = async (email: string) => (await app.handle.db.select().from(user).where(eq(user.email, email)))[0];
  const eventsOf = async (kind: string) => {
    await backgroundEventsWritten();
    return app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, kind));
  };

  /** Refused: back to /admin with the reason, no account (newcomer never has one), no session, the refusal logged (never a token). */
  async function expectRefused(login: string, reason: string, change?: Parameters<typeof ssoSignIn>[1]) {
    const before = await totals();
    const refusedBefore = (await eventsOf("auth.sso_refused")).length;
    const { answer, jar } = await ssoSignIn(login, change);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin?sso=${reason}`);
    expect(jar.has("session_token")).toBe(false);
    expect(jar.has("sso_flow")).toBe(false);
    expect(await totals()).toEqual(before);
    expect(await userByEmail("newcomer@corp.example")).toBeUndefined();
    const refused = await eventsOf("auth.sso_refused");
    expect(refused).toHaveLength(refusedBefore + 1);
    expect(refused.at(-1)!.details).toMatchObject({ reason });
    expect(JSON.stringify(refused)).not.toMatch(/eyJ|code=|verifier/);
    // The login screen says why, with 403.
    const screen = await callRoute(adminLoader as never, siteRequest(answer.headers.get("location")!));
    expect(screen.status).toBe(403);
    expect(screen.body.sso).toMatchObject({ enabled: true, refusal: reason });
    return (refused.at(-1)!.details as { check: string }).check;
  }

  it("signs a person of an allowed domain in, creating the account with the role the claim maps to", async () => {
    const { answer, jar } = await ssoSignIn("anna");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(jar.has("session_token")).toBe(true);
    const created = await userByEmail("anna@corp.example");
    expect(created).toMatchObject({ emailVerified: true, name: "Anna Editor" });
    expect(await app.handle.db.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.userId, created!.id))).toEqual([
      { role: "author" },
    ]);
    expect(
      await app.handle.db
        .select({ providerId: account.providerId, accountId: account.accountId })
        .from(account)
        .where(eq(account.userId, created!.id)),
    ).toEqual([{ providerId: "oidc", accountId: "sub-anna" }]);
    const status = await getAdminStatus(siteRequest("/admin", { cookie: jar.header }));
    expect(status).toMatchObject({ isAdmin: true, role: "author", mustEnrol: false });
    const [signedIn] = await eventsOf("auth.sso_sign_in");
    expect(signedIn).toMatchObject({
      userEmail: "anna@corp.example",
      details: expect.objectContaining({ created: true, role: "author", mfa: false }),
    });
    expect(JSON.stringify(await app.handle.db.select().from(activityEvents))).not.toMatch(/eyJ/);
    // The login screen offers the button.
    const screen = await callRoute(adminLoader as never, siteRequest("/admin"));
    expect(screen.body.sso).toEqual({ enabled: true, passwordsForAll: true, refusal: null });

    // A second sign-in finds the same account; signing out ends the session.
    const again = await ssoSignIn("anna");
    expect(again.jar.has("session_token")).toBe(true);
    expect((await app.handle.db.select().from(user).where(eq(user.email, "anna@corp.example"))).length).toBe(1);
    const { action: logout } = await import("~/routes/admin.logout");
    const out = await callRoute(logout as never, siteRequest("/admin/logout", { method: "POST", cookie: again.jar.header }));
    again.jar.take(out);
    expect((await getAdminStatus(siteRequest("/admin", { cookie: again.jar.header }))).user).toBeNull();
  });

  it("accepts a token the test's rewriting hook re-signs unchanged (so each refusal below is its one change)", async () => {
    provider.tamper = (claims) => ({ claims });
    const { jar } = await ssoSignIn("plain");
    expect(jar.has("session_token")).toBe(true);
  });

  it("refuses an ID token from another issuer", async () => {
    provider.tamper = (claims) => ({ claims: { ...claims, iss: "https://impostor.example" } });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/"iss"/);
  });

  it("refuses an ID token issued to another client", async () => {
    provider.tamper = (claims) => ({ claims: { ...claims, aud: OTHER_CLIENT_ID, azp: OTHER_CLIENT_ID } });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/"aud"/);
  });

  it("refuses an ID token with a bad signature", async () => {
    const forger = otherKey();
    provider.tamper = (claims) => ({ claims: { ...claims, groups: ["site-admins"] }, key: forger });
    const check = await expectRefused("newcomer", "token");
    expect(check).toMatch(/signature verification failed/);
  });

  it("refuses an expired ID token", async () => {
    const now = Math.floor(Date.now() / 1000);
    provider.tamper = (claims) => ({ claims: { ...claims, iat: now - 7200, exp: now - 3600 } });
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

  it("creates the account of an open invitation from another domain, with the invitation's role", async () => {
    const [admin] = await app.handle.db.select().from(user).where(eq(user.email, "breakglass@example.com"));
    await app.handle.db.insert(adminInvitations).values({
      email: "invited@partner.example",
      tokenHash: "a".repeat(64),
      invitedBy: admin!.id,
      role: "reviewer",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const { jar } = await ssoSignIn("invited");
    expect(jar.has("session_token")).toBe(true);
    expect(await getAdminStatus(siteRequest("/admin", { cookie: jar.header }))).toMatchObject({ role: "reviewer" });
    const [invitation] = await app.handle.db.select().from(adminInvitations).where(eq(adminInvitations.email, "invited@partner.example"));
    expect(invitation!.usedAt).toBeInstanceOf(Date);
  });

  it("does not ask for two-factor again when the provider reports multi-factor, and asks otherwise when the policy requires it", async () => {
    await setTwoFactorRequired(app.handle.db, true);
    try {
      const boss = await ssoSignIn("boss");
      expect(await getAdminStatus(siteRequest("/admin", { cookie: boss.jar.header }))).toMatchObject({
        role: "administrator",
        mustEnrol: false,
      });
      expect(
        await app.handle.db
          .select({ mfa: ssoSessions.mfa })
          .from(ssoSessions)
          .innerJoin(user, eq(user.id, ssoSessions.userId))
          .where(eq(user.email, "boss@corp.example")),
      ).toEqual([{ mfa: true }]);
      const plain = await ssoSignIn("plain");
      expect(await getAdminStatus(siteRequest("/admin", { cookie: plain.jar.header }))).toMatchObject({
        role: "reviewer",
        mustEnrol: true,
      });
      // An account with two-factor on and no multi-factor at the provider gets the code step, no session.
      await app.handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, "plain@corp.example"));
      const before = await totals();
      const coded = await ssoSignIn("plain");
      expect(coded.answer.headers.get("location")).toBe("/admin");
      expect(coded.jar.has("two_factor")).toBe(true);
      expect(coded.jar.has("session_token")).toBe(false);
      expect((await totals()).sessions).toBe(before.sessions);
      expect((await callRoute(adminLoader as never, siteRequest("/admin", { cookie: coded.jar.header }))).body).toMatchObject({
        codePending: true,
      });
    } finally {
      await setTwoFactorRequired(app.handle.db, false);
      await app.handle.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.email, "plain@corp.example"));
    }
  });

  it("warns administrators in 'Команда' of accounts that look like one person", async () => {
    const { jar: admin } = await signInWithPassword("breakglass@example.com");
    const team = () => callRoute(teamLoader as never, siteRequest("/admin/other/team", { cookie: admin.header }));
    const before = (await team()).body.samePerson as string[][];
    expect(before.flat()).not.toContain("anna@corp.example");
    // A local account whose address differs from an SSO account's only by a +tag.
    await signUpAndGetCookie(app.auth, "Anna+qa@corp.example", PASSWORD);
    // A local account linked to the same identity at the provider as another.
    await signUpAndGetCookie(app.auth, "olga.second@example.com", PASSWORD);
    const ids = Object.fromEntries(
      (await app.handle.db.select({ id: user.id, email: user.email }).from(user)).map((row) => [row.email, row.id]),
    );
    await app.handle.db.insert(adminUsers).values([
      { userId: ids["anna+qa@corp.example"]!, role: "reviewer" },
      { userId: ids["olga.second@example.com"]!, role: "reviewer" },
    ]);
    await app.handle.db
      .insert(account)
      .values({ id: "linked-twice", accountId: "sub-boss", providerId: "oidc", userId: ids["olga.second@example.com"]! });
    const groups = (await team()).body.samePerson as string[][];
    expect(groups).toEqual(
      expect.arrayContaining([
        ["anna+qa@corp.example", "anna@corp.example"],
        ["boss@corp.example", "olga.second@example.com"],
      ]),
    );
    // Only those who manage the team are told.
    const anna = await ssoSignIn("anna");
    expect((await callRoute(teamLoader as never, siteRequest("/admin/other/team", { cookie: anna.jar.header }))).body.samePerson).toEqual(
      [],
    );
  });

  it("keeps passwords for break-glass accounts only when SSO is required", async () => {
    configure({ OIDC_LOCAL_PASSWORDS: "off" });
    try {
      await signUpAndGetCookie(app.auth, "local@corp.example", PASSWORD).catch(() => undefined);
      const refused = await signInWithPassword("anna@corp.example");
      expect(refused.answer.status).toBe(403);
      expect(refused.answer.body).toMatchObject({ ok: false, message: PASSWORD_DISABLED_MESSAGE });
      const breakGlass = await signInWithPassword("breakglass@example.com");
      expect(breakGlass.jar.has("session_token")).toBe(true);
      const screen = await callRoute(adminLoader as never, siteRequest("/admin"));
      expect(screen.body.sso).toMatchObject({ enabled: true, passwordsForAll: false });
    } finally {
      configure();
    }
  });

  it("says the provider is down, creates nothing, and the break-glass account still signs in with its password", async () => {
    configure({ OIDC_LOCAL_PASSWORDS: "off" });
    try {
      await provider.stop();
      const before = await totals();
      const started = await callRoute(startLoader as never, siteRequest("/auth/sso"));
      expect(started.status).toBe(303);
      expect(started.headers.get("location")).toBe("/admin?sso=unavailable");
      expect(new Jar().take(started).has("sso_flow")).toBe(false);
      expect(await totals()).toEqual(before);
      const [down] = (await eventsOf("auth.sso_refused")).filter(
        (event) => (event.details as { reason?: string }).reason === "unavailable",
      );
      expect(down).toBeDefined();
      const screen = await callRoute(adminLoader as never, siteRequest("/admin?sso=unavailable"));
      expect(screen.status).toBe(403);
      const breakGlass = await signInWithPassword("breakglass@example.com");
      expect(breakGlass.jar.has("session_token")).toBe(true);
      expect(await getAdminStatus(siteRequest("/admin", { cookie: breakGlass.jar.header }))).toMatchObject({ role: "administrator" });
    } finally {
      configure();
    }
  });
});
