import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { teamIntents } from "~/features/team/intents";
import { activityEvents, adminInvitations, adminUsers, user } from "~/db/schema";
import { invitationMessages } from "~/features/auth/invitations.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as authAction } from "~/routes/api.auth.$";
import { action as teamAction, loader as teamLoader } from "~/routes/admin.other.team";
import { CLOSED_SIGN_UP_MESSAGE } from "~/features/auth/schema";
import { startFakeSmtp } from "../support/fake-smtp";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp, type TestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const TEAM = "/admin/other/team";

const invite = async (cookie: string, email: string) => {
  const answer = await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.invite, email }, cookie));
  expect(answer.body).toMatchObject({ ok: true, mailed: false });
  return new URL(answer.body.link as string).searchParams.get("invitation")!;
};

/** The dashboard's sign-up form, as the browser posts it. */
const signUpThroughForm = (email: string, invitation?: string) =>
  callRoute(
    adminAction as never,
    postForm("/admin", { intent: "signup", email, password: "password-123", redirectTo: "/admin", ...(invitation ? { invitation } : {}) }),
  );

/** better-auth's own endpoint, as a script would call it, with whatever body it likes. */
const signUpThroughApi = (body: Record<string, unknown>) =>
  authAction({
    request: siteRequest("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({ password: "password-123", name: "x", ...body }),
      headers: { "content-type": "application/json" },
    }),
    params: { "*": "sign-up/email" },
    context: { nonce: "" },
  } as never) as Promise<Response>;

async function isAdminEmail(app: TestApp, email: string) {
  const rows = await app.handle.db.select().from(adminUsers).innerJoin(user, eq(user.id, adminUsers.userId)).where(eq(user.email, email));
  return rows.length === 1;
}

describe.each(onBothDatabases)("invitations and closed sign-up on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  let admin: string;
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await app.handle.db.delete(adminInvitations);
    await resetRateLimits();
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  it("an invitation link signs up an administrator once; its token is stored only as a hash", async () => {
    const token = await invite(admin, "New@Example.com");
    const [row] = await app.handle.db.select().from(adminInvitations);
    expect(row).toMatchObject({ email: "new@example.com", tokenHash: createHash("sha256").update(token).digest("hex") });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const page = await callRoute(adminLoader as never, siteRequest(`/admin?invitation=${token}`));
    expect(page.body.signUp).toMatchObject({ invitation: { email: "new@example.com" } });

    const answer = await signUpThroughForm("new@example.com", token);
    expect(answer.status).toBe(302);
    expect(await isAdminEmail(app, "new@example.com")).toBe(true);

    // Replaying the link: refused, with a clear message on the page and at sign-up.
    const again = await callRoute(adminLoader as never, siteRequest(`/admin?invitation=${token}`));
    expect(again.body.signUp).toMatchObject({ invitation: { error: invitationMessages.used } });
    const replay = await signUpThroughForm("other@example.com", token);
    expect(replay.body).toMatchObject({ ok: false, message: invitationMessages.used });
    expect(await app.handle.db.select().from(user).where(eq(user.email, "other@example.com"))).toHaveLength(0);
    const events = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "team.invite"));
    expect(events.map((event) => event.target)).toEqual(["new@example.com"]);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it("refuses an altered, expired, withdrawn or someone else's link with a clear message", async () => {
    const token = await invite(admin, "one@example.com");
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const [email, bad, message] of [
      ["one@example.com", altered, invitationMessages.invalid],
      ["one@example.com", "short", invitationMessages.invalid],
      ["two@example.com", token, invitationMessages.otherEmail],
    ] as const) {
      expect((await signUpThroughForm(email, bad)).body).toMatchObject({ ok: false, message });
    }
    await app.handle.db.update(adminInvitations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await callRoute(adminLoader as never, siteRequest(`/admin?invitation=${token}`))).body.signUp.invitation).toEqual({
      error: invitationMessages.expired,
    });
    expect((await signUpThroughForm("one@example.com", token)).body).toMatchObject({ ok: false, message: invitationMessages.expired });

    const second = await invite(admin, "three@example.com");
    const listed = await callRoute(teamLoader as never, siteRequest(TEAM, { cookie: admin }));
    const pending = listed.body.invitations.find((entry: { email: string }) => entry.email === "three@example.com");
    const withdraw = await callRoute(
      teamAction as never,
      postForm(TEAM, { intent: teamIntents.withdraw, invitationId: pending.id }, admin),
    );
    expect(withdraw.body).toMatchObject({ ok: true });
    expect((await signUpThroughForm("three@example.com", second)).body).toMatchObject({ ok: false, message: invitationMessages.invalid });
    expect(await app.handle.db.select().from(user)).toHaveLength(1);
  });

  it("closed sign-up refuses new accounts on every path, but not an invitation", async () => {
    const close = await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.signUpMode, open: "false" }, admin));
    expect(close.body).toMatchObject({ ok: true });
    expect((await callRoute(adminLoader as never, siteRequest("/admin"))).body.signUp).toEqual({ open: false, invitation: null });

    expect((await signUpThroughForm("walk-in@example.com")).body).toMatchObject({ ok: false, message: CLOSED_SIGN_UP_MESSAGE });
    for (const body of [
      { email: "api@example.com" },
      { email: "api@example.com", invitation: "" },
      { email: "api@example.com", role: "admin" },
    ]) {
      const response = await signUpThroughApi(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: CLOSED_SIGN_UP_MESSAGE });
    }
    await expect(
      app.auth.api.signUpEmail({ body: { email: "direct@example.com", password: "password-123", name: "x" } }),
    ).rejects.toMatchObject({
      body: { message: CLOSED_SIGN_UP_MESSAGE },
    });
    expect(await app.handle.db.select().from(user)).toHaveLength(1);

    const token = await invite(admin, "invited@example.com");
    const response = await signUpThroughApi({ email: "invited@example.com", invitation: token });
    expect(response.status).toBe(200);
    expect(await isAdminEmail(app, "invited@example.com")).toBe(true);

    await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.signUpMode, open: "true" }, admin));
    expect((await signUpThroughForm("walk-in@example.com")).status).toBe(302);
    expect(await isAdminEmail(app, "walk-in@example.com")).toBe(false);
  });

  it("the very first account can always sign up, even with sign-up closed", async () => {
    await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.signUpMode, open: "false" }, admin));
    await app.handle.db.delete(user);
    expect((await callRoute(adminLoader as never, siteRequest("/admin"))).body.signUp).toEqual({ open: true, invitation: null });
    expect((await signUpThroughForm("first@example.com")).status).toBe(302);
    expect(await isAdminEmail(app, "first@example.com")).toBe(true);
  });

  it("refuses an invitation for an address that already has an account, and junk", async () => {
    const taken = await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.invite, email: "admin@example.com" }, admin));
    expect(taken.status).toBe(409);
    for (const email of ["", "not-an-email", `${"a".repeat(300)}@example.com`]) {
      expect((await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.invite, email }, admin))).status).toBe(400);
    }
    for (const fields of [{}, { invitationId: "abc" }, { invitationId: "-1" }, { invitationId: "99999999999" }] as Record<
      string,
      string
    >[]) {
      expect((await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.withdraw, ...fields }, admin))).status).toBe(400);
    }
    expect((await callRoute(teamAction as never, postForm(TEAM, { intent: teamIntents.signUpMode, open: "maybe" }, admin))).status).toBe(
      400,
    );
    expect(await app.handle.db.select().from(adminInvitations)).toHaveLength(0);
  });
});

describe("invitations with SMTP_URL", async () => {
  const smtp = await startFakeSmtp();
  const app = useTestApp("pglite", { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "https://site.example" });
  afterAll(() => smtp.close());

  it("mails the link to the invited address and still shows it", async () => {
    const admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    const answer = await callRoute(
      teamAction as never,
      postForm(TEAM, { intent: teamIntents.invite, email: "mailed@example.com" }, admin, "https://site.example"),
    );
    expect(answer.body).toMatchObject({
      ok: true,
      mailed: true,
      link: expect.stringMatching(/^https:\/\/site\.example\/admin\?invitation=/),
    });
    expect(smtp.messages).toHaveLength(1);
    const [headers, body] = smtp.messages[0]!.split("\n\n");
    expect(headers).toContain("To: mailed@example.com");
    expect(Buffer.from(body!.replace(/\s/g, ""), "base64").toString("utf8")).toContain(answer.body.link);
  });
});
