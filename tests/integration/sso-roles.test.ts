// The provider's role claim at every sign-in, not only the first (app/features/sso/accounts.server.ts),
// against the real OpenID provider of tests/support/sso-site.ts: a changed claim changes the role,
// a claim that maps to no role takes the dashboard away, the last administrator is never demoted
// this way, and each outcome is in the activity log.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, user } from "~/db/schema";
import { getAdminStatus } from "~/features/auth/permissions.server";
import { useSsoSite } from "../support/sso-site";
import { onBothDatabases, siteRequest } from "../support/test-database";

describe.each(onBothDatabases)("the role claim at every single sign-on on %s", (kind) => {
  const site = useSsoSite(kind);
  const { app, ssoSignIn, eventsOf, expectRefused } = site;
  const groups = (login: string, values: string[]) =>
    site.provider.accounts.set(login, { sub: `sub-${login}`, email: `${login}@corp.example`, email_verified: true, groups: values });
  const roleOf = async (email: string) =>
    (
      await app.handle.db
        .select({ role: adminUsers.role })
        .from(adminUsers)
        .innerJoin(user, eq(user.id, adminUsers.userId))
        .where(eq(user.email, email))
    )[0]?.role ?? null;

  it("changes the role when the claim changes, and takes the dashboard away when it maps to no role", async () => {
    groups("carl", ["site-editors"]);
    const first = await ssoSignIn("carl");
    expect(await getAdminStatus(siteRequest("/admin", { cookie: first.jar.header }))).toMatchObject({ role: "author" });

    groups("carl", ["staff", "site-reviewers"]);
    const second = await ssoSignIn("carl");
    expect(second.jar.has("session_token")).toBe(true);
    expect(await roleOf("carl@corp.example")).toBe("reviewer");
    // The earlier session follows the new role at once: roles are read on every request.
    expect(await getAdminStatus(siteRequest("/admin", { cookie: first.jar.header }))).toMatchObject({ role: "reviewer" });
    expect((await eventsOf("auth.sso_role")).at(-1)).toMatchObject({
      target: "carl@corp.example",
      details: expect.objectContaining({ from: "author", to: "reviewer" }),
    });

    groups("carl", ["staff"]);
    await expectRefused("carl", "no_role");
    expect(await roleOf("carl@corp.example")).toBeNull();
    expect(await getAdminStatus(siteRequest("/admin", { cookie: first.jar.header }))).toMatchObject({ isAdmin: false });
    expect((await eventsOf("auth.sso_role")).at(-1)).toMatchObject({ details: expect.objectContaining({ from: "reviewer", to: null }) });

    // The same sign-in again changes nothing more and logs nothing more.
    const logged = (await eventsOf("auth.sso_role")).length;
    groups("carl", ["site-editors"]);
    await ssoSignIn("carl");
    await ssoSignIn("carl");
    expect(await roleOf("carl@corp.example")).toBe("author");
    expect(await eventsOf("auth.sso_role")).toHaveLength(logged + 1);
  });

  it("never demotes the last administrator: the role is kept, the sign-in goes on and the log says why", async () => {
    groups("dora", ["site-admins"]);
    await ssoSignIn("dora");
    expect(await roleOf("dora@corp.example")).toBe("administrator");
    // The break-glass administrator becomes a reviewer: dora is the last administrator.
    const [breakGlass] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "breakglass@example.com"));
    await app.handle.db.update(adminUsers).set({ role: "reviewer" }).where(eq(adminUsers.userId, breakGlass!.id));
    try {
      groups("dora", ["site-editors"]);
      const signedIn = await ssoSignIn("dora");
      expect(signedIn.jar.has("session_token")).toBe(true);
      expect(await getAdminStatus(siteRequest("/admin", { cookie: signedIn.jar.header }))).toMatchObject({ role: "administrator" });
      expect((await eventsOf("auth.sso_role_kept")).at(-1)).toMatchObject({
        target: "dora@corp.example",
        details: expect.objectContaining({ from: "administrator", to: "author", reason: "last_admin" }),
      });
      // With another administrator again, the claim applies.
      await app.handle.db.update(adminUsers).set({ role: "administrator" }).where(eq(adminUsers.userId, breakGlass!.id));
      await ssoSignIn("dora");
      expect(await roleOf("dora@corp.example")).toBe("author");
    } finally {
      await app.handle.db.update(adminUsers).set({ role: "administrator" }).where(eq(adminUsers.userId, breakGlass!.id));
    }
  });

  it("leaves the role of an invited account of another domain to the administrators", async () => {
    const [admin] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "breakglass@example.com"));
    const { adminInvitations } = await import("~/db/schema");
    await app.handle.db.insert(adminInvitations).values({
      email: "partner@partner.example",
      tokenHash: "b".repeat(64),
      invitedBy: admin!.id,
      role: "translator",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    site.provider.accounts.set("partner", { sub: "sub-partner", email: "partner@partner.example", email_verified: true, groups: [] });
    await ssoSignIn("partner");
    await ssoSignIn("partner");
    expect(await roleOf("partner@partner.example")).toBe("translator");
  });
});
