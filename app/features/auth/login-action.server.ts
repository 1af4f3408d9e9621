// The /admin action's five intents: sign in with a password, sign up, ask for a reset mail, set a
// new password from a reset link, and give the two-factor code after the password.
import { data, redirect } from "react-router";
import { getDb } from "~/platform/db.server";
import type { LoginActionData, LoginIntent } from "./login-contract";
import { requestPasswordResetMail, resetPasswordWithToken, signInWithPassword, signUpWithPassword } from "./sign-in.server";
import { verifySignInCode } from "./two-factor.server";
import { signInCodeSchema, twoFactorMessages } from "./two-factor-schema";

/** After signing in, back to the dashboard page the form was on; never anywhere else. */
const ADMIN_PAGE = /^\/admin(\/[a-z-]+){0,2}\/?$/;
const landingPage = (value: unknown) => (typeof value === "string" && ADMIN_PAGE.test(value) ? value : "/admin");

type LoginForm = Record<string, string | undefined>;

async function passwordReset(request: Request, intent: "reset" | "forgot", form: LoginForm) {
  const result =
    intent === "reset"
      ? await resetPasswordWithToken(request, { token: form.token, password: form.password })
      : await requestPasswordResetMail(request, { email: form.email });
  return result.ok
    ? data<LoginActionData>({ intent, ok: true, needsConfirmation: false })
    : data<LoginActionData>(
        { intent, ok: false, message: result.message, unexpected: result.unexpected ?? false },
        { status: result.status },
      );
}

async function signInCode(request: Request, form: LoginForm) {
  const intent = "sign-in-code";
  const parsed = signInCodeSchema.safeParse({ method: form.method, code: form.code });
  const result = parsed.success
    ? await verifySignInCode(getDb(), request, parsed.data)
    : { ok: false as const, status: 400, message: parsed.error.issues[0]!.message };
  if (!result.ok) {
    // A spent or expired challenge sends the person back to the password.
    const restart = result.status === 401 || result.message === twoFactorMessages.challengeSpent;
    return data<LoginActionData>({ intent, ok: false, message: result.message, unexpected: false, restart }, { status: result.status });
  }
  throw redirect(landingPage(form.redirectTo), { headers: result.headers });
}

/**
 * Runs the intent the login screen posted, with the form already read. Answers what the screen
 * shows, or throws the redirect to the dashboard once someone is signed in.
 */
export async function runLoginAction(request: Request, intent: LoginIntent, form: LoginForm) {
  if (intent === "reset" || intent === "forgot") return passwordReset(request, intent, form);
  if (intent === "sign-in-code") return signInCode(request, form);
  const credentials = { email: form.email, password: form.password };
  const result =
    intent === "signup" ? await signUpWithPassword(request, credentials, form.invitation) : await signInWithPassword(request, credentials);
  if (!result.ok) {
    return data<LoginActionData>(
      { intent, ok: false, message: result.message, unexpected: result.unexpected ?? false },
      { status: result.status },
    );
  }
  if (result.needsConfirmation) return data<LoginActionData>({ intent, ok: true, needsConfirmation: true });
  if (result.needsCode)
    return data<LoginActionData>({ intent, ok: true, needsConfirmation: false, needsCode: true }, { headers: result.headers });
  throw redirect(landingPage(form.redirectTo), { headers: result.headers });
}
