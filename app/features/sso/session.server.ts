// Opens the dashboard session after a sign-in through the provider, with better-auth's own
// session and cookie code, or, when the account's two-factor code is still to be given, the same
// short-lived challenge a password opens (so the login screen's code step finishes it).
import { randomBytes } from "node:crypto";
import { createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { ssoSessions } from "~/db/schema";
import { getAuth } from "~/features/auth/auth.server";
import type { Database } from "~/platform/db.server";

/** better-auth's two-factor challenge: its cookie's name and its lifetime (auth.server.ts's twoFactorCookieMaxAge). */
const TWO_FACTOR_COOKIE = "two_factor";
const CHALLENGE_SECONDS = 10 * 60;

export interface SsoSignIn {
  user: { id: string; email: string; twoFactorEnabled: boolean };
  issuer: string;
  subject: string;
  /** The provider reported multi-factor authentication (amr). */
  mfa: boolean;
}

export type OpenedSession = { headers: Headers; needsCode: boolean };

/**
 * Runs `work` as a better-auth middleware on this request, so better-auth's cookie helpers set
 * their cookies (signed with the auth secret, with the configured attributes) on the answer.
 */
export async function withAuthCookies<T>(
  request: Request,
  work: Parameters<typeof createAuthMiddleware>[0],
): Promise<{ headers: Headers; response: T }> {
  const context = await getAuth().$context;
  const middleware = createAuthMiddleware(work);
  return (await middleware({ headers: request.headers, request, context, returnHeaders: true } as never)) as {
    headers: Headers;
    response: T;
  };
}

/**
 * A session for the account, recorded with its provider identity and whether the provider did
 * multi-factor; or, when the account has two-factor on and the provider did not report it, the
 * code step's challenge (no session yet).
 */
export async function openSession(db: Database, request: Request, signIn: SsoSignIn): Promise<OpenedSession> {
  const needsCode = signIn.user.twoFactorEnabled && !signIn.mfa;
  const { headers } = await withAuthCookies<null>(request, async (ctx) => {
    const auth = ctx.context;
    if (needsCode) {
      const cookie = auth.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
      const identifier = `2fa-${randomBytes(15).toString("base64url")}`;
      const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
      await auth.internalAdapter.createVerificationValue({ value: signIn.user.id, identifier, expiresAt });
      await auth.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
      await ctx.setSignedCookie(cookie.name, identifier, auth.secret, cookie.attributes);
      return null;
    }
    const session = await auth.internalAdapter.createSession(signIn.user.id);
    if (!session) throw new Error("no session was created for a single sign-on");
    await db
      .insert(ssoSessions)
      .values({ sessionId: session.id, userId: signIn.user.id, issuer: signIn.issuer, subject: signIn.subject, mfa: signIn.mfa });
    const user = await auth.internalAdapter.findUserById(signIn.user.id);
    await setSessionCookie(ctx, { session, user: user! });
    return null;
  });
  return { headers, needsCode };
}
