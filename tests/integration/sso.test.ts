// Single sign-on with OpenID Connect (app/features/sso) against a real provider started here
// (oidc-provider on an ephemeral port, tests/support/sso-site.ts): sign-ins that pass every check,
// accounts, two-factor, the team's warning, required SSO and a provider that is down. The refusals
// of each check are in sso-refusals.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, activityEvents, adminInvitations, adminUsers, ssoSessions, user } from "~/db/schema";
import { getAdminStatus } from "~/features/auth/permissions.server";
import { setTwoFactorRequired } from "~/features/auth/two-factor.server";
import { PASSWORD_DISABLED_MESSAGE } from "~/features/auth/password-gate.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as teamLoader } from "~/routes/admin.other.team";
import { loader as startLoader } from "~/routes/auth.sso";
import { callRoute } from "../support/admin-routes";
import { useSsoSite } from "../support/sso-site";
import { onBothDatabases, siteRequest, signUpAndGetCookie } from "../support/test-database";
import { Jar, PASSWORD, signInWithPassword } from "../support/two-factor-session";

describe.each(onBothDatabases)("single sign-on through a real OpenID provider on %s", (kind) => {
  const site = useSsoSite(kind);
  const { app, configure, ssoSignIn, totals, userByEmail, eventsOf } = site;

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
      await site.provider.stop();
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
