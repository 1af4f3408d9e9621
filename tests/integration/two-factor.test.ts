import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { teamIntents } from "~/features/team/intents";
import { session, twoFactor, user } from "~/db/schema";
import { disableTwoFactorByEmail } from "~/features/team/admin-commands.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { loader as adminLoader } from "~/routes/admin";
import { action as teamAction, loader as teamLoader } from "~/routes/admin.other.team";
import { action as menuAction, loader as menuLoader } from "~/routes/admin.menu";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase } from "../support/test-database";
import { totp, wrongCode } from "../support/totp";
import { callRoute, postForm } from "../support/admin-routes";
import {
  enrol,
  events,
  Jar,
  PASSWORD,
  post2fa,
  secretOf,
  signInWithPassword,
  codeStep,
  useTwoFactorSite,
} from "../support/two-factor-session";

// Enrolment, backup codes, turning it off and requiring it. Signing in with a code:
// two-factor-sign-in.test.ts.
describe("the test's TOTP", () => {
  it("gives RFC 6238's SHA-1 test values", () => {
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totp(secret, 59_000, 30, 8)).toBe("94287082");
    expect(totp(secret, 1111111109_000, 30, 8)).toBe("07081804");
    expect(totp(secret, 20000000000_000, 30, 8)).toBe("65353130");
  });
});

describe.each(onEmbeddedDatabase)("two-factor sign-in on %s", (kind) => {
  const site = useTwoFactorSite(kind);
  const { app } = site;
  let admin: Jar;
  beforeEach(() => {
    admin = site.admin;
  });

  it("enrols only with the right password and a valid code, and stores secret and backup codes encrypted", async () => {
    expect((await post2fa(admin, twoFactorIntents.start, { password: "wrong-password" })).body).toMatchObject({
      ok: false,
      message: twoFactorMessages.wrongPassword,
      fieldErrors: { password: [twoFactorMessages.wrongPassword] },
    });
    const started = await post2fa(admin, twoFactorIntents.start, { password: PASSWORD });
    expect(started.body.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(started.body.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    const codes = started.body.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Not on until a code from the app is confirmed.
    const [pending] = await app.handle.db.select().from(user);
    expect(pending!.twoFactorEnabled).toBe(false);
    for (const bad of [wrongCode(secretOf(started)), "abcdef", "12345", ""]) {
      const answer = await post2fa(admin, twoFactorIntents.confirm, { code: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.ok).toBe(false);
    }
    expect((await app.handle.db.select().from(user))[0]!.twoFactorEnabled).toBe(false);
    const confirmed = await post2fa(admin, twoFactorIntents.confirm, { code: totp(secretOf(started)) });
    expect(confirmed.body).toMatchObject({ ok: true });
    expect((await app.handle.db.select().from(user))[0]!.twoFactorEnabled).toBe(true);
    // better-auth replaced the session: the new cookie is an admin's.
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: admin.header }))).resolves.toMatchObject({ email: "admin@example.com" });
    // Neither the secret nor any backup code is stored as plain text.
    const [stored] = await app.handle.db.select().from(twoFactor);
    const raw = JSON.stringify(stored);
    expect(raw).not.toContain(secretOf(started));
    for (const code of codes) expect(raw).not.toContain(code);
    expect(await events(app, "auth.two_factor_enable")).toHaveLength(1);
  });

  it("regenerates backup codes (the old ones stop working) and turns two-factor off with the password", async () => {
    const { backupCodes } = await enrol(admin);
    expect((await post2fa(admin, twoFactorIntents.regenerate, { password: "wrong-password" })).body).toMatchObject({
      ok: false,
      message: twoFactorMessages.wrongPassword,
    });
    const regenerated = await post2fa(admin, twoFactorIntents.regenerate, { password: PASSWORD });
    const fresh = regenerated.body.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);
    const old = await signInWithPassword("admin@example.com");
    expect((await codeStep(old.jar, "backup", backupCodes[0]!)).body).toMatchObject({ ok: false });
    expect((await codeStep(old.jar, "backup", fresh[0]!)).status).toBe(302);

    expect((await post2fa(admin, twoFactorIntents.disable, { password: "wrong-password" })).body).toMatchObject({ ok: false });
    expect((await post2fa(admin, twoFactorIntents.disable, { password: PASSWORD })).body).toMatchObject({ ok: true });
    expect(await app.handle.db.select().from(twoFactor)).toHaveLength(0);
    const plain = await signInWithPassword("admin@example.com");
    expect(plain.answer.status).toBe(302);
    expect(await events(app, "auth.backup_codes_regenerate")).toHaveLength(1);
    expect(await events(app, "auth.two_factor_disable")).toHaveLength(1);
  });

  it("the requirement sends an administrator without two-factor to enrolment and refuses every other admin request", async () => {
    const second = new Jar(await signUpAndGetCookie(app.auth, "second@example.com"));
    await callRoute(
      teamAction as never,
      postForm(
        "/admin/other/team",
        { intent: teamIntents.grant, userId: (await app.handle.db.select().from(user).where(eq(user.email, "second@example.com")))[0]!.id },
        admin.header,
      ),
    );
    // Only someone who has two-factor may require it: nobody can lock themselves out.
    const early = await callRoute(
      teamAction as never,
      postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "true" }, admin.header),
    );
    expect(early).toMatchObject({ status: 409, body: { message: twoFactorMessages.requiredNeedsOwn } });
    await enrol(admin);
    const required = await callRoute(
      teamAction as never,
      postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "true" }, admin.header),
    );
    expect(required.body).toMatchObject({ ok: true });
    expect(await events(app, "team.two_factor_require")).toHaveLength(1);

    // The enrolled administrator goes on as before; the other is sent to enrolment.
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: admin.header }))).resolves.toBeTruthy();
    const gate = await callRoute(adminLoader as never, siteRequest("/admin", { cookie: second.header }));
    expect(gate.body).toMatchObject({ isAdmin: true, mustEnrol: true });
    for (const [handler, request] of [
      [menuLoader, siteRequest("/admin/menu", { cookie: second.header })],
      [teamLoader, siteRequest("/admin/other/team", { cookie: second.header })],
      [
        menuAction,
        postForm(
          "/admin/menu",
          { intent: "create-menu-item", displayName: "X", url: "/x", menuType: "header", sectionName: "x" },
          second.header,
        ),
      ],
      [teamAction, postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "false" }, second.header)],
    ] as const) {
      const answer = await callRoute(handler as never, request);
      expect(answer).toMatchObject({ status: 403, body: { message: twoFactorMessages.enrolmentRequired } });
    }
    // While required, an enrolled administrator cannot turn it off.
    expect((await post2fa(admin, twoFactorIntents.disable, { password: PASSWORD })).body).toMatchObject({
      ok: false,
      message: twoFactorMessages.requiredNoDisable,
    });

    // Enrolment itself is allowed; afterwards every tab opens.
    await enrol(second);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second.header }))).resolves.toMatchObject({
      email: "second@example.com",
    });

    // The team list shows who has two-factor.
    const listed = await callRoute(teamLoader as never, siteRequest("/admin/other/team", { cookie: admin.header }));
    expect(listed.body).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: true });
    expect(
      listed.body.members.map((member: { email: string; twoFactorEnabled: boolean }) => [member.email, member.twoFactorEnabled]),
    ).toEqual([
      ["admin@example.com", true],
      ["second@example.com", true],
    ]);
  });

  it("the command turns two-factor off for a lost authenticator and ends the account's sessions", async () => {
    await enrol(admin);
    expect(await app.handle.db.select().from(session)).not.toHaveLength(0);
    await disableTwoFactorByEmail(app.handle.db, "Admin@Example.com");
    expect((await app.handle.db.select().from(user))[0]!.twoFactorEnabled).toBe(false);
    expect(await app.handle.db.select().from(twoFactor)).toHaveLength(0);
    expect(await app.handle.db.select().from(session)).toHaveLength(0);
    expect((await signInWithPassword("admin@example.com")).answer.status).toBe(302);
    const [event] = await events(app, "auth.two_factor_disable");
    expect(event).toMatchObject({ userEmail: "командная строка", target: "admin@example.com" });
  });
});
