import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { recordEventInBackground } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";

const SIGN_IN_PATH = "/sign-in/email";

/**
 * Logs every password sign-in, successful or not, to the activity log. As a better-auth hook it
 * sees both the dashboard's form and direct calls to /api/auth/sign-in/email. Only the address
 * and the client's IP are kept, never the password.
 */
export function signInEventHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_IN_PATH) return;
    const email = typeof ctx.body?.email === "string" ? ctx.body.email.toLowerCase().slice(0, 254) : null;
    const ip = ctx.request?.headers.get("x-client-ip") ?? ctx.headers?.get("x-client-ip") ?? null;
    const signedIn = ctx.context.newSession;
    // With two-factor on, the password alone opens no session: the sign-in is logged when the
    // code is verified (two-factor.server.ts).
    if (signedIn && (signedIn.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
    if (signedIn && !isAPIError(ctx.context.returned)) {
      recordEventInBackground(db, {
        kind: "auth.sign_in",
        area: "auth",
        actor: { id: signedIn.user.id, email: signedIn.user.email },
        target: signedIn.user.email,
        details: { ip },
      });
    } else {
      const status = isAPIError(ctx.context.returned) ? ctx.context.returned.statusCode : null;
      // Wrong credentials (401) or an unconfirmed address (403); a malformed request is no attempt.
      if (status !== 401 && status !== 403) return;
      recordEventInBackground(db, { kind: "auth.sign_in_failed", area: "auth", actor: null, target: email, details: { ip, status } });
    }
  });
}
