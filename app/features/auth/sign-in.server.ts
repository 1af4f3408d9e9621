import { APIError } from "better-auth/api";
import { credentialsSchema, forgotPasswordSchema, passwordResetSchema, resetMessages } from "~/features/auth/schema";
import { getAuth } from "./auth.server";
import { logger } from "~/platform/logger.server";
import { assertSameOrigin } from "./permissions.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";

export { credentialsSchema };

/** The address a sign-in or reset is for, counted by the per-account limit. */
const accountOf = (input: unknown) => {
  const email = (input as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email : undefined;
};

type AuthFailure = { ok: false; status: number; message: string; unexpected?: boolean };

export type AuthActionResult = { ok: true; headers: Headers; needsConfirmation: boolean; needsCode?: boolean } | AuthFailure;

function failure(error: unknown, action: string): AuthFailure {
  if (error instanceof APIError) {
    logger.warn({ action, status: error.statusCode, message: error.message }, "auth failure");
    return { ok: false, status: error.statusCode, message: error.message || "Authentication failed" };
  }
  logger.error({ err: error, action }, "unexpected auth error");
  return { ok: false, status: 500, message: "Unexpected error", unexpected: true };
}

/** Signs in from a route action: same-origin only, rate-limited per client address. */
export async function signInWithPassword(request: Request, input: unknown): Promise<AuthActionResult> {
  assertSameOrigin(request);
  const limited = await limitAuthAttempt(request, "sign-in", { account: accountOf(input) });
  if (limited) return { ok: false, status: 429, message: (await limited.json()).message };
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: parsed.data,
      headers: request.headers,
      returnHeaders: true,
    });
    // Two-factor on: no session yet, only the short-lived challenge cookie; the code comes next.
    const needsCode = Boolean((response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
    return { ok: true, headers, needsConfirmation: false, needsCode };
  } catch (error) {
    return failure(error, "sign-in");
  }
}

/**
 * Signs up from a route action. Only e-mail, password and an invitation token are passed on: no
 * role can be sent. Whether the account may be created is decided in auth.server.ts's hook.
 */
export async function signUpWithPassword(request: Request, input: unknown, invitation?: string): Promise<AuthActionResult> {
  assertSameOrigin(request);
  const limited = await limitAuthAttempt(request, "sign-up");
  if (limited) return { ok: false, status: 429, message: (await limited.json()).message };
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { ...parsed.data, name: parsed.data.email.split("@")[0]!, callbackURL: "/admin", ...(invitation ? { invitation } : {}) },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, needsConfirmation: !response.token };
  } catch (error) {
    return failure(error, "sign-up");
  }
}

export type SignOutResult = { ok: true; headers: Headers } | AuthFailure;

/** Ends the session from a route action; a refusal carries the server's reason, which the logout toast shows. */
export async function signOut(request: Request): Promise<SignOutResult> {
  assertSameOrigin(request);
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    const result = failure(error, "sign-out");
    return result.unexpected ? { ...result, message: "An unexpected error occurred" } : result;
  }
}

export type ResetResult = { ok: true } | AuthFailure;

/** Sets a new password through a reset link; better-auth uses the token up and ends every session. */
export async function resetPasswordWithToken(request: Request, input: unknown): Promise<ResetResult> {
  assertSameOrigin(request);
  const limited = await limitAuthAttempt(request, "sign-in");
  if (limited) return { ok: false, status: 429, message: (await limited.json()).message };
  const parsed = passwordResetSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  try {
    await getAuth().api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    const result = failure(error, "reset-password");
    return result.unexpected ? result : { ok: false, status: 400, message: resetMessages.invalidLink };
  }
}

/**
 * 'Забыли пароль?': mails a reset link when SMTP is configured. The answer is the same whether
 * or not the address has an account, so it tells no one which addresses exist.
 */
export async function requestPasswordResetMail(request: Request, input: unknown): Promise<ResetResult> {
  assertSameOrigin(request);
  const limited = await limitAuthAttempt(request, "sign-in", { account: accountOf(input) });
  if (limited) return { ok: false, status: 429, message: (await limited.json()).message };
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  try {
    await getAuth().api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/admin" }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    return failure(error, "forgot-password");
  }
}
