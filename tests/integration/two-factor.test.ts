import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { backgroundEventsWritten } from "~/features/activity/activity.server";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { teamIntents } from "~/features/team/intents";
import { activityEvents, session, twoFactor, user, verification } from "~/db/schema";
import { disableTwoFactorByEmail } from "~/features/team/admin-commands.server";
import { setEnv, parseEnv } from "~/platform/env.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as twoFactorAction } from "~/routes/admin.two-factor";
import { action as teamAction, loader as teamLoader } from "~/routes/admin.other.team";
import { action as menuAction, loader as menuLoader } from "~/routes/admin.menu";
import { action as apiAction } from "~/routes/api.auth.$";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { siteRequest, signUpAndGetCookie, testDatabaseKinds, useTestApp, type TestApp } from "../support/test-database";
import { totp, wrongCode } from "../support/totp";
import { callRoute, postForm, type RouteAnswer } from "../support/admin-routes";

/** A browser's cookie jar: each answer's Set-Cookie replaces or removes cookies by name. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(header = "") {
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(answer: { headers: Headers }) {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((name) => name.includes(fragment));
  }
}

const PASSWORD = "password-123";

const post2fa = (jar: Jar, intent: string, fields: Record<string, string> = {}) =>
  callRoute(twoFactorAction as never, postForm("/admin/two-factor", { intent, ...fields }, jar.header)).then((answer) => {
    jar.take(answer);
    return answer;
  });

const postAdmin = (jar: Jar, fields: Record<string, string>, ip = "127.0.0.1") =>
  callRoute(adminAction as never, siteRequest("/admin", { method: "POST", body: new URLSearchParams(fields), cookie: jar.header, headers: { "x-client-ip": ip } })).then(
    (answer) => {
      jar.take(answer);
      return answer;
    },
  );

const secretOf = (answer: RouteAnswer) => answer.body.secret as string;

/** Enrols an account from the dashboard: password, then a code computed here from the secret shown. */
async function enrol(jar: Jar) {
  const started = await post2fa(jar, twoFactorIntents.start, { password: PASSWORD });
  expect(started.status).toBe(200);
  const confirmed = await post2fa(jar, twoFactorIntents.confirm, { code: totp(secretOf(started)) });
  expect(confirmed.body).toMatchObject({ ok: true });
  return { secret: secretOf(started), backupCodes: started.body.backupCodes as string[] };
}

/** Signs in with the password through the /admin action; answers the jar (challenge cookie only, with two-factor on). */
async function signInWithPassword(email: string, ip?: string) {
  const jar = new Jar();
  const answer = await postAdmin(jar, { intent: "login", email, password: PASSWORD }, ip);
  return { jar, answer };
}

const codeStep = (jar: Jar, method: "totp" | "backup", code: string, ip?: string) => postAdmin(jar, { intent: "sign-in-code", method, code }, ip);

const events = async (app: TestApp, kind: string) =>
  app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, kind));

describe("the test's TOTP", () => {
  it("gives RFC 6238's SHA-1 test values", () => {
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totp(secret, 59_000, 30, 8)).toBe("94287082");
    expect(totp(secret, 1111111109_000, 30, 8)).toBe("07081804");
    expect(totp(secret, 20000000000_000, 30, 8)).toBe("65353130");
  });
});

describe.each(testDatabaseKinds)("two-factor sign-in on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  let admin: Jar;
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await app.handle.db.delete(activityEvents);
    await resetRateLimits();
    admin = new Jar(await signUpAndGetCookie(app.auth, "admin@example.com"));
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

  it("gives no session for the password alone, then one for a valid code, logged as a sign-in", async () => {
    const { secret } = await enrol(admin);
    await app.handle.db.update(user).set({ lastSignInAt: null });
    const { jar, answer } = await signInWithPassword("admin@example.com");
    expect(answer.body).toMatchObject({ intent: "login", ok: true, needsCode: true });
    expect(jar.has("two_factor")).toBe(true);
    expect(jar.has("session_token")).toBe(false);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: jar.header }))).rejects.toMatchObject({ status: 401 });
    expect((await callRoute(adminLoader as never, siteRequest("/admin", { cookie: jar.header }))).body).toMatchObject({ isAdmin: false, codePending: true });
    // Nor does signing in through better-auth's endpoint directly.
    const direct = await apiAction({
      request: siteRequest("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email: "admin@example.com", password: PASSWORD }),
        headers: { "content-type": "application/json" },
      }),
    } as never);
    expect(await direct.json()).toMatchObject({ twoFactorRedirect: true });
    expect(direct.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    // better-auth's own two-factor endpoints are not served: codes go through the dashboard's limiter.
    const verifyDirect = await apiAction({
      request: siteRequest("/api/auth/two-factor/verify-totp", { method: "POST", body: JSON.stringify({ code: totp(secret) }), cookie: jar.header, headers: { "content-type": "application/json" } }),
    } as never);
    expect(verifyDirect.status).toBe(404);

    // The password alone is no sign-in in the log either (events are written in the background),
    // nor the account's last sign-in.
    expect((await app.handle.db.select().from(user))[0]!.lastSignInAt).toBeNull();
    await backgroundEventsWritten();
    expect(await events(app, "auth.sign_in")).toHaveLength(0);
    await app.handle.db.delete(activityEvents);
    const wrong = await codeStep(jar, "totp", wrongCode(secret));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ ok: false, message: twoFactorMessages.wrongCode });
    const signedIn = await codeStep(jar, "totp", totp(secret));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: jar.header }))).resolves.toMatchObject({ email: "admin@example.com" });
    await expect.poll(async () => (await events(app, "auth.sign_in")).length).toBe(1);
    expect((await app.handle.db.select().from(user))[0]!.lastSignInAt).toBeInstanceOf(Date);
    const [failedEvent] = await events(app, "auth.sign_in_failed");
    expect(failedEvent).toMatchObject({ target: "admin@example.com", details: expect.objectContaining({ stage: "two-factor", method: "totp" }) });
    const [signInEvent] = await events(app, "auth.sign_in");
    expect(signInEvent).toMatchObject({ userEmail: "admin@example.com", details: expect.objectContaining({ method: "totp" }) });
    // Nothing logged holds a code.
    const logged = JSON.stringify(await app.handle.db.select().from(activityEvents));
    expect(logged).not.toContain(totp(secret));
  });

  it("takes each backup code once: a replay is refused", async () => {
    const { backupCodes } = await enrol(admin);
    const first = await signInWithPassword("admin@example.com");
    expect((await codeStep(first.jar, "backup", backupCodes[0]!)).status).toBe(302);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: first.jar.header }))).resolves.toBeTruthy();

    const replay = await signInWithPassword("admin@example.com");
    const refused = await codeStep(replay.jar, "backup", backupCodes[0]!);
    expect(refused.body).toMatchObject({ ok: false, message: twoFactorMessages.wrongCode });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: replay.jar.header }))).rejects.toMatchObject({ status: 401 });
    // Another, unused one still works.
    expect((await codeStep(replay.jar, "backup", backupCodes[1]!)).status).toBe(302);
  });

  it("takes each code from the app once, even when two sign-ins send it at the same moment", async () => {
    const { secret } = await enrol(admin);
    const [first, second] = await Promise.all([signInWithPassword("admin@example.com"), signInWithPassword("admin@example.com")]);
    const code = totp(secret);
    const answers = await Promise.all([codeStep(first.jar, "totp", code), codeStep(second.jar, "totp", code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toMatchObject({ ok: false, message: twoFactorMessages.codeUsed });
    const third = await signInWithPassword("admin@example.com");
    expect((await codeStep(third.jar, "totp", code)).body).toMatchObject({ ok: false, message: twoFactorMessages.codeUsed });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: third.jar.header }))).rejects.toMatchObject({ status: 401 });
    // Only a hash of the code is kept.
    expect(JSON.stringify(await app.handle.db.select().from(verification))).not.toContain(code);
  });

  it("regenerates backup codes (the old ones stop working) and turns two-factor off with the password", async () => {
    const { backupCodes } = await enrol(admin);
    expect((await post2fa(admin, twoFactorIntents.regenerate, { password: "wrong-password" })).body).toMatchObject({ ok: false, message: twoFactorMessages.wrongPassword });
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

  it("limits wrong codes per client address like passwords, and per challenge", async () => {
    const { secret } = await enrol(admin);
    setEnv(parseEnv({ ...app.env, AUTH_RATE_LIMIT: "3" } as never));
    try {
      const { jar } = await signInWithPassword("admin@example.com", "10.0.0.7");
      for (let attempt = 0; attempt < 3; attempt++) expect((await codeStep(jar, "totp", wrongCode(secret), "10.0.0.7")).status).toBe(400);
      const limited = await codeStep(jar, "totp", totp(secret), "10.0.0.7");
      expect(limited.status).toBe(429);
      await expect(requireAdmin(siteRequest("/admin/menu", { cookie: jar.header }))).rejects.toMatchObject({ status: 401 });
    } finally {
      setEnv(app.env);
    }
    // better-auth's own cap: five wrong codes spend the challenge, whatever the address.
    await resetRateLimits();
    const { jar } = await signInWithPassword("admin@example.com");
    for (let attempt = 0; attempt < 5; attempt++) await codeStep(jar, "totp", wrongCode(secret), `10.0.1.${attempt}`);
    const spent = await codeStep(jar, "totp", totp(secret), "10.0.2.1");
    expect(spent.body.ok).toBe(false);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: jar.header }))).rejects.toMatchObject({ status: 401 });
  });

  it("the requirement sends an administrator without two-factor to enrolment and refuses every other admin request", async () => {
    const second = new Jar(await signUpAndGetCookie(app.auth, "second@example.com"));
    await callRoute(teamAction as never, postForm("/admin/other/team", { intent: teamIntents.grant, userId: (await app.handle.db.select().from(user).where(eq(user.email, "second@example.com")))[0]!.id }, admin.header));
    // Only someone who has two-factor may require it: nobody can lock themselves out.
    const early = await callRoute(teamAction as never, postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "true" }, admin.header));
    expect(early).toMatchObject({ status: 409, body: { message: twoFactorMessages.requiredNeedsOwn } });
    await enrol(admin);
    const required = await callRoute(teamAction as never, postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "true" }, admin.header));
    expect(required.body).toMatchObject({ ok: true });
    expect(await events(app, "team.two_factor_require")).toHaveLength(1);

    // The enrolled administrator goes on as before; the other is sent to enrolment.
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: admin.header }))).resolves.toBeTruthy();
    const gate = await callRoute(adminLoader as never, siteRequest("/admin", { cookie: second.header }));
    expect(gate.body).toMatchObject({ isAdmin: true, mustEnrol: true });
    for (const [handler, request] of [
      [menuLoader, siteRequest("/admin/menu", { cookie: second.header })],
      [teamLoader, siteRequest("/admin/other/team", { cookie: second.header })],
      [menuAction, postForm("/admin/menu", { intent: "create-menu-item", displayName: "X", url: "/x", menuType: "header", sectionName: "x" }, second.header)],
      [teamAction, postForm("/admin/other/team", { intent: teamIntents.twoFactorRequired, required: "false" }, second.header)],
    ] as const) {
      const answer = await callRoute(handler as never, request);
      expect(answer).toMatchObject({ status: 403, body: { message: twoFactorMessages.enrolmentRequired } });
    }
    // While required, an enrolled administrator cannot turn it off.
    expect((await post2fa(admin, twoFactorIntents.disable, { password: PASSWORD })).body).toMatchObject({ ok: false, message: twoFactorMessages.requiredNoDisable });

    // Enrolment itself is allowed; afterwards every tab opens.
    await enrol(second);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second.header }))).resolves.toMatchObject({ email: "second@example.com" });

    // The team list shows who has two-factor.
    const listed = await callRoute(teamLoader as never, siteRequest("/admin/other/team", { cookie: admin.header }));
    expect(listed.body).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: true });
    expect(listed.body.members.map((member: { email: string; twoFactorEnabled: boolean }) => [member.email, member.twoFactorEnabled])).toEqual([
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
