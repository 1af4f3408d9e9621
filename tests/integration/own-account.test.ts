import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { teamIntents } from "~/features/team/intents";
import { session, user } from "~/db/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action, loader } from "~/routes/admin.other.team";
import { teamMessages } from "~/features/team/schema";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp, type TestApp, cookieHeader } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const TEAM = "/admin/other/team";

async function signIn(app: TestApp, email: string, password = "password-123") {
  const { headers } = await app.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieHeader(headers);
}

const cookieOf = cookieHeader;

describe.each(onEmbeddedDatabase)("own account on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "4" });
  let laptop: string;
  let phone: string;
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await resetRateLimits();
    laptop = await signUpAndGetCookie(app.auth, "admin@example.com");
    phone = await signIn(app, "admin@example.com");
  });

  it("lists its own sessions, marks this one, and ends another", async () => {
    const answer = await callRoute(loader as never, siteRequest(TEAM, { cookie: laptop }));
    const sessions = answer.body.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((entry) => entry.current)).toHaveLength(1);
    const other = sessions.find((entry) => !entry.current)!;
    const ended = await callRoute(action as never, postForm(TEAM, { intent: teamIntents.endOwnSession, sessionId: other.id }, laptop));
    expect(ended.body).toMatchObject({ ok: true });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: phone }))).rejects.toMatchObject({ status: 401 });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: laptop }))).resolves.toBeTruthy();
  });

  it("cannot end another account's session", async () => {
    const otherCookie = await signUpAndGetCookie(app.auth, "other@example.com");
    const [otherUser] = await app.handle.db.select().from(user).where(eq(user.email, "other@example.com"));
    const [otherSession] = await app.handle.db.select().from(session).where(eq(session.userId, otherUser!.id));
    const answer = await callRoute(
      action as never,
      postForm(TEAM, { intent: teamIntents.endOwnSession, sessionId: otherSession!.id }, laptop),
    );
    expect(answer).toMatchObject({ status: 404, body: { message: teamMessages.sessionNotFound } });
    expect(await app.handle.db.select().from(session).where(eq(session.id, otherSession!.id))).toHaveLength(1);
    expect(otherCookie).toBeTruthy();
  });

  it("changes the password only with the current one, and ends every other session", async () => {
    const wrong = await callRoute(
      action as never,
      postForm(TEAM, { intent: teamIntents.changePassword, currentPassword: "not-it", newPassword: "new-password-1" }, laptop),
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: teamMessages.wrongPassword } });
    await expect(signIn(app, "admin@example.com")).resolves.toContain("session_token");

    const changed = await callRoute(
      action as never,
      postForm(TEAM, { intent: teamIntents.changePassword, currentPassword: "password-123", newPassword: "new-password-1" }, laptop),
    );
    expect(changed.body).toMatchObject({ ok: true });
    const fresh = cookieOf(changed.headers);
    expect(fresh).toContain("session_token");
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: fresh }))).resolves.toBeTruthy();
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie: phone }))).rejects.toMatchObject({ status: 401 });
    await expect(signIn(app, "admin@example.com")).rejects.toMatchObject({ statusCode: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
    await expect(signIn(app, "admin@example.com", "new-password-1")).resolves.toContain("session_token");
  });

  it("limits guesses of the current password like sign-ins, and refuses junk", async () => {
    const guess = () =>
      callRoute(
        action as never,
        postForm(TEAM, { intent: teamIntents.changePassword, currentPassword: "guess", newPassword: "new-password-1" }, laptop),
      );
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(429);
    for (const fields of [{}, { currentPassword: "", newPassword: "long-enough" }, { currentPassword: "x", newPassword: "123" }] as Record<
      string,
      string
    >[]) {
      expect((await callRoute(action as never, postForm(TEAM, { intent: teamIntents.changePassword, ...fields }, laptop))).status).toBe(
        400,
      );
    }
    expect(
      (await callRoute(action as never, postForm(TEAM, { intent: teamIntents.endOwnSession, sessionId: "../x" }, laptop))).status,
    ).toBe(400);
  });
});
