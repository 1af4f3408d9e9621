// The two steps of a sign-in through the provider, as the routes /auth/sso and
// /auth/sso/callback run them: each answers a redirect, to the provider or back to /admin (with a
// refusal's reason code, which the login screen shows in the dashboard's language).
import { redirect } from "react-router";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { clientIp } from "~/platform/client-address.server";
import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";
import { resolveAccount, type SsoRoleChange } from "./accounts.server";
import { providerDidMfa, ssoConfigOf } from "./config.server";
import { finishFlow, SsoFailure, startFlow } from "./flow.server";
import { SSO_REFUSAL_PARAMETER, type SsoRefusal } from "./messages";
import { openSession } from "./session.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Back to the login screen with the reason (a code from messages.ts; the text is the catalogue's). */
function refusedTo(reason: SsoRefusal, headers?: Headers) {
  const answer = new Headers(headers);
  answer.set("Cache-Control", "no-store");
  return redirect(`/admin?${SSO_REFUSAL_PARAMETER}=${reason}`, { status: 303, headers: answer });
}

function logRefusal(request: Request, failure: SsoFailure, email: string | null) {
  logger.warn({ reason: failure.reason, check: failure.check }, "single sign-on refused");
  recordEventInBackground(getDb(), {
    kind: "auth.sso_refused",
    area: "auth",
    actor: null,
    target: email,
    details: { ip: clientIp(request), reason: failure.reason, check: failure.check },
  });
}

/**
 * A role the provider's claim changed at a sign-in goes to the activity log (`auth.sso_role`), as
 * does a demotion of the last administrator that was refused (`auth.sso_role_kept`, a warning in
 * the server's log too: the provider's groups need fixing, or another administrator named).
 */
function logRoleChange(request: Request, email: string, change: SsoRoleChange) {
  const details = { ip: clientIp(request), from: change.from, to: change.to };
  if (change.kept)
    logger.warn({ from: change.from, claimed: change.to }, "single sign-on would demote the last administrator: the role is kept");
  else logger.info({ from: change.from, to: change.to }, "single sign-on changed a role");
  recordEventInBackground(getDb(), {
    kind: change.kept ? "auth.sso_role_kept" : "auth.sso_role",
    area: "auth",
    actor: null,
    target: email,
    details: change.kept ? { ...details, reason: "last_admin" } : details,
  });
}

/** GET /auth/sso: to the provider's sign-in page, or back with why not (not configured, provider down). */
export async function startSsoSignIn(request: Request) {
  const config = ssoConfigOf();
  if (!config) return refusedTo("not_configured");
  // Starting costs the server one request to the provider: limited like session reads; the
  // callback, where the checks are, counts as a sign-in attempt.
  const limited = await limitAuthAttempt(request, "session");
  if (limited) return limited;
  try {
    const { url, headers } = await startFlow(request, config);
    headers.set("Cache-Control", "no-store");
    return redirect(url.href, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    logRefusal(request, error, null);
    return refusedTo(error.reason);
  }
}

/**
 * GET /auth/sso/callback: the provider's answer. Every check passed: the account (found, linked or
 * created), then a session or the two-factor code step; otherwise back to /admin with the reason,
 * with no account created and no session.
 */
export async function finishSsoSignIn(request: Request) {
  const config = ssoConfigOf();
  if (!config) return refusedTo("not_configured");
  const limited = await limitAuthAttempt(request, "sign-in");
  if (limited) return limited;
  const { signIn, failure, clear } = await finishFlow(request, config);
  if (!signIn) {
    logRefusal(request, failure!, null);
    return refusedTo(failure!.reason, clear);
  }
  const db = getDb();
  const resolved = await resolveAccount(db, config, signIn);
  if (resolved.roleChange) logRoleChange(request, signIn.email.toLowerCase(), resolved.roleChange);
  if (!resolved.ok) {
    logRefusal(request, new SsoFailure(resolved.reason, resolved.reason), signIn.email);
    return refusedTo(resolved.reason, clear);
  }
  const mfa = providerDidMfa(signIn.claims);
  const opened = await openSession(db, request, { user: resolved.user, issuer: config.issuer, subject: signIn.subject, mfa });
  const headers = new Headers(clear);
  for (const cookie of opened.headers.getSetCookie()) headers.append("set-cookie", cookie);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  // With the code step still to come, the sign-in is logged when the code is given (two-factor-sign-in.server.ts).
  if (!opened.needsCode)
    recordEventInBackground(db, {
      kind: "auth.sso_sign_in",
      area: "auth",
      actor: { id: resolved.user.id, email: resolved.user.email },
      target: resolved.user.email,
      details: { ip: clientIp(request), mfa, created: resolved.created, ...(resolved.role ? { role: resolved.role } : {}) },
    });
  return redirect("/admin", { status: 303, headers });
}
