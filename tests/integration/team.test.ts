import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { teamIntents } from "~/features/team/intents";
import { activityEvents, adminUsers, session, user } from "~/db/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { teamMessages } from "~/features/team/schema";
import { action, loader } from "~/routes/admin.other.team";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp, type TestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const TEAM = "/admin/other/team";

async function idOf(app: TestApp, email: string) {
  const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

async function adminEmails(app: TestApp) {
  const rows = await app.handle.db.select({ email: user.email }).from(adminUsers).innerJoin(user, eq(user.id, adminUsers.userId));
  return rows.map((row) => row.email).sort();
}

const post = (cookie: string, intent: string, fields: Record<string, string> = {}) =>
  callRoute(action as never, postForm(TEAM, { intent, ...fields }, cookie));

describe.each(onBothDatabases)("the team of administrators on %s", (kind) => {
  const app = useTestApp(kind);
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await app.handle.db.delete(activityEvents);
  });

  it("lists every account with its role, dates and active sessions", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    await signUpAndGetCookie(app.auth, "second@example.com");
    const answer = await callRoute(loader as never, siteRequest(TEAM, { cookie: first }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.members).toEqual([
      expect.objectContaining({ email: "first@example.com", isAdmin: true, activeSessions: 1, lastSignInAt: expect.any(String) }),
      expect.objectContaining({ email: "second@example.com", isAdmin: false, activeSessions: 1 }),
    ]);
    expect(answer.body.signUpOpen).toBe(true);
  });

  it("grants and revokes rights, which count from the very next request", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    const second = await signUpAndGetCookie(app.auth, "second@example.com");
    const secondId = await idOf(app, "second@example.com");
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second }))).rejects.toMatchObject({ status: 403 });
    expect((await post(first, teamIntents.grant, { userId: secondId })).body).toMatchObject({ ok: true });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second }))).resolves.toMatchObject({ email: "second@example.com" });
    expect((await post(first, teamIntents.revoke, { userId: secondId })).body).toMatchObject({ ok: true });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second }))).rejects.toMatchObject({ status: 403 });
    const events = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.area, "team"));
    expect(events.map((event) => [event.kind, event.target, event.userEmail])).toEqual(
      expect.arrayContaining([
        ["team.grant", "second@example.com", "first@example.com"],
        ["team.revoke", "second@example.com", "first@example.com"],
      ]),
    );
  });

  it("never removes, demotes or deletes the last administrator, not even by itself", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    const firstId = await idOf(app, "first@example.com");
    for (const intent of [teamIntents.revoke, teamIntents.delete]) {
      const answer = await post(first, intent, { userId: firstId });
      expect(answer).toMatchObject({ status: 409, body: { ok: false, message: teamMessages.lastAdmin } });
    }
    expect(await adminEmails(app)).toEqual(["first@example.com"]);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: first }))).resolves.toBeTruthy();
  });

  it("two administrators demoting each other at the same moment still leave one", async () => {
    const a = await signUpAndGetCookie(app.auth, "a@example.com");
    const b = await signUpAndGetCookie(app.auth, "b@example.com");
    const [aId, bId] = [await idOf(app, "a@example.com"), await idOf(app, "b@example.com")];
    for (let round = 0; round < 5; round += 1) {
      await app.handle.db
        .insert(adminUsers)
        .values([{ userId: aId }, { userId: bId }])
        .onConflictDoNothing();
      const answers = await Promise.all([post(a, teamIntents.revoke, { userId: bId }), post(b, teamIntents.revoke, { userId: aId })]);
      expect(answers.filter((answer) => answer.body.ok)).toHaveLength(1);
      expect(await adminEmails(app)).toHaveLength(1);
    }
  });

  it("two administrators deleting each other at the same moment still leave one", async () => {
    const a = await signUpAndGetCookie(app.auth, "a@example.com");
    const b = await signUpAndGetCookie(app.auth, "b@example.com");
    const answers = await Promise.all([
      post(a, teamIntents.delete, { userId: await idOf(app, "b@example.com") }),
      post(b, teamIntents.delete, { userId: await idOf(app, "a@example.com") }),
    ]);
    expect(answers.filter((answer) => answer.body.ok)).toHaveLength(1);
    expect(await adminEmails(app)).toHaveLength(1);
    expect(await app.handle.db.select().from(user)).toHaveLength(1);
  });

  it("ends every session of an account: its next request is signed out", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    const second = await signUpAndGetCookie(app.auth, "second@example.com");
    const secondId = await idOf(app, "second@example.com");
    await post(first, teamIntents.grant, { userId: secondId });
    expect((await post(first, teamIntents.endSessions, { userId: secondId })).body).toMatchObject({ ok: true });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second }))).rejects.toMatchObject({ status: 401 });
    expect(await app.handle.db.select().from(session).where(eq(session.userId, secondId))).toHaveLength(0);
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: first }))).resolves.toBeTruthy();
  });

  it("deletes an account with its sessions and rights", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    const second = await signUpAndGetCookie(app.auth, "second@example.com");
    const secondId = await idOf(app, "second@example.com");
    await post(first, teamIntents.grant, { userId: secondId });
    expect((await post(first, teamIntents.delete, { userId: secondId })).body).toMatchObject({ ok: true });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: second }))).rejects.toMatchObject({ status: 401 });
    expect(await adminEmails(app)).toEqual(["first@example.com"]);
    expect((await post(first, teamIntents.delete, { userId: secondId })).status).toBe(404);
  });

  it("refuses junk with 400 and changes nothing", async () => {
    const first = await signUpAndGetCookie(app.auth, "first@example.com");
    for (const fields of [{}, { userId: "" }, { userId: "x".repeat(200) }, { userId: "a b" }]) {
      for (const intent of [teamIntents.grant, teamIntents.revoke, teamIntents.delete, teamIntents.endSessions]) {
        expect((await post(first, intent, fields as Record<string, string>)).status).toBe(400);
      }
    }
    expect((await post(first, "no-such-intent")).status).toBe(400);
    expect(await adminEmails(app)).toEqual(["first@example.com"]);
  });
});
