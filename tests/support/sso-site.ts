// The single sign-on tests' site: a test database, a real OpenID provider (oidc-provider on an
// ephemeral port) with its test accounts, the site configured for it, and a browser's walk
// through the sign-in. Shared by tests/integration/sso*.test.ts.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { activityEvents, session, user } from "~/db/schema";
import { backgroundEventsWritten } from "~/features/activity/activity.server";
import { setEnv, type Env } from "~/platform/env.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as startLoader } from "~/routes/auth.sso";
import { loader as callbackLoader } from "~/routes/auth.sso.callback";
import { callRoute } from "./admin-routes";
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from "./oidc-provider";
import { ORIGIN, siteRequest, signUpAndGetCookie, useTestApp, type TestDatabaseKind } from "./test-database";
import { Jar, PASSWORD } from "./two-factor-session";

const CALLBACK = `${ORIGIN}/auth/sso/callback`;

// long-function: one site's setup and the helpers that read it, shared by the SSO test files
export function useSsoSite(kind: TestDatabaseKind) {
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

  return {
    app,
    get provider() {
      return provider;
    },
    configure,
    ssoSignIn,
    totals,
    userByEmail,
    eventsOf,
    expectRefused,
  };
}
