// Two-factor sign-in as a browser goes through it: a cookie jar, the dashboard's /admin and
// /admin/two-factor actions, enrolment with codes computed from the secret shown. Shared by the
// two-factor integration tests.
import { eq } from "drizzle-orm";
import { beforeEach, expect } from "vitest";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { activityEvents, user } from "~/db/schema";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as adminAction } from "~/routes/admin";
import { action as twoFactorAction } from "~/routes/admin.two-factor";
import { siteRequest, signUpAndGetCookie, useTestApp, type TestApp, type TestDatabaseKind } from "./test-database";
import { totp } from "./totp";
import { callRoute, postForm, type RouteAnswer } from "./admin-routes";

/** A browser's cookie jar: each answer's Set-Cookie replaces or removes cookies by name. */
export class Jar {
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

export const PASSWORD = "password-123";

export const post2fa = (jar: Jar, intent: string, fields: Record<string, string> = {}) =>
  callRoute(twoFactorAction as never, postForm("/admin/two-factor", { intent, ...fields }, jar.header)).then((answer) => {
    jar.take(answer);
    return answer;
  });

const postAdmin = (jar: Jar, fields: Record<string, string>, ip = "127.0.0.1") =>
  callRoute(
    adminAction as never,
    siteRequest("/admin", { method: "POST", body: new URLSearchParams(fields), cookie: jar.header, headers: { "x-client-ip": ip } }),
  ).then((answer) => {
    jar.take(answer);
    return answer;
  });

export const secretOf = (answer: RouteAnswer) => answer.body.secret as string;

/** Enrols an account from the dashboard: password, then a code computed here from the secret shown. */
export async function enrol(jar: Jar) {
  const started = await post2fa(jar, twoFactorIntents.start, { password: PASSWORD });
  expect(started.status).toBe(200);
  const confirmed = await post2fa(jar, twoFactorIntents.confirm, { code: totp(secretOf(started)) });
  expect(confirmed.body).toMatchObject({ ok: true });
  return { secret: secretOf(started), backupCodes: started.body.backupCodes as string[] };
}

/** Signs in with the password through the /admin action; answers the jar (challenge cookie only, with two-factor on). */
export async function signInWithPassword(email: string, ip?: string) {
  const jar = new Jar();
  const answer = await postAdmin(jar, { intent: "login", email, password: PASSWORD }, ip);
  return { jar, answer };
}

export const codeStep = (jar: Jar, method: "totp" | "backup", code: string, ip?: string) =>
  postAdmin(jar, { intent: "sign-in-code", method, code }, ip);

export const events = async (app: TestApp, kind: string) =>
  app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, kind));

/**
 * A site with a higher sign-in limit, and before each test no accounts, no activity and no
 * rate limits but one fresh administrator signed in (`admin`, set before each test).
 */
export function useTwoFactorSite(kind: TestDatabaseKind) {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  const site = { app } as { app: TestApp; admin: Jar };
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await app.handle.db.delete(activityEvents);
    await resetRateLimits();
    site.admin = new Jar(await signUpAndGetCookie(app.auth, "admin@example.com"));
  });
  return site;
}
