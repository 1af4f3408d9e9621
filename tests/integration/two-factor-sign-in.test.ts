import { beforeEach, describe, expect, it } from "vitest";
import { backgroundEventsWritten } from "~/features/activity/activity.server";
import { activityEvents, user, verification } from "~/db/schema";
import { setEnv, parseEnv } from "~/platform/env.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { loader as adminLoader } from "~/routes/admin";
import { action as apiAction } from "~/routes/api.auth.$";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { siteRequest, onBothDatabases } from "../support/test-database";
import { totp, wrongCode } from "../support/totp";
import { callRoute } from "../support/admin-routes";
import { codeStep, enrol, events, Jar, PASSWORD, signInWithPassword, useTwoFactorSite } from "../support/two-factor-session";

// Signing in with a code from the app or a backup code, and the limits on wrong codes.
describe.each(onBothDatabases)("two-factor sign-in on %s", (kind) => {
  const site = useTwoFactorSite(kind);
  const { app } = site;
  let admin: Jar;
  beforeEach(() => {
    admin = site.admin;
  });

  it("gives no session for the password alone, then one for a valid code, logged as a sign-in", async () => {
    const { secret } = await enrol(admin);
    await app.handle.db.update(user).set({ lastSignInAt: null });
    const { jar, answer } = await signInWithPassword("admin@example.com");
    expect(answer.body).toMatchObject({ intent: "login", ok: true, needsCode: true });
    expect(jar.has("two_factor")).toBe(true);
    expect(jar.has("session_token")).toBe(false);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: jar.header }))).rejects.toMatchObject({ status: 401 });
    expect((await callRoute(adminLoader as never, siteRequest("/admin", { cookie: jar.header }))).body).toMatchObject({
      isAdmin: false,
      codePending: true,
    });
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
      request: siteRequest("/api/auth/two-factor/verify-totp", {
        method: "POST",
        body: JSON.stringify({ code: totp(secret) }),
        cookie: jar.header,
        headers: { "content-type": "application/json" },
      }),
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
    expect(failedEvent).toMatchObject({
      target: "admin@example.com",
      details: expect.objectContaining({ stage: "two-factor", method: "totp" }),
    });
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
});
