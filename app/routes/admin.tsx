import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { Toaster } from "sonner";
// The admin's own stylesheet, linked while an /admin route is shown.
import "~/admin.css";
import { announceSignedUp, LoginScreen, type LoginActionData, type LoginIntent } from "~/components/admin/login-screen";
import { adminMeta } from "~/components/admin/shell/admin-meta";
import { Dashboard } from "~/components/admin/shell/dashboard";
import { readForm } from "~/platform/action-result.server";
import { requestPasswordResetMail, resetPasswordWithToken, signInWithPassword, signUpWithPassword } from "~/features/auth/sign-in.server";
import { RESET_PARAMETER } from "~/features/auth/auth.server";
import { countUnreadMessages } from "~/features/contact/inbox.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { INVITATION_PARAMETER } from "~/features/auth/invitations.server";
import { assertSameOrigin, getAdminStatus } from "~/features/auth/permissions.server";
import { describeSignUp } from "~/features/auth/sign-up-policy.server";
import { hasPendingChallenge, verifySignInCode } from "~/features/auth/two-factor.server";
import { TwoFactorRequiredScreen } from "~/components/admin/two-factor/required-screen";
import { signInCodeSchema, twoFactorMessages } from "~/features/auth/two-factor-schema";

const twoFactorRestart = twoFactorMessages.challengeSpent;
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => adminMeta();

/** The gate: an admin session gets the dashboard, anyone else the login screen. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, isAdmin, mustEnrol } = await getAdminStatus(request);
  // An invitation link opens the sign-up tab for its address (the token is in the query, which
  // request logs leave out).
  const query = new URL(request.url).searchParams;
  const signUp = isAdmin ? null : await describeSignUp(getDb(), query.get(INVITATION_PARAMETER));
  // A reset link's token is checked (and used up) when the new password is posted.
  const resetToken = isAdmin ? null : query.get(RESET_PARAMETER);
  // The badge on the 'Другое' tab: one count over an index, and only for an admin.
  const unreadMessages = isAdmin && !mustEnrol ? await countUnreadMessages(getDb()).catch(() => 0) : 0;
  // A password was right and the code is still to come (better-auth's challenge cookie).
  const codePending = !user && hasPendingChallenge(request);
  return data(
    {
      isAdmin,
      mustEnrol,
      email: user?.email ?? null,
      unreadMessages,
      signUp,
      resetToken,
      codePending,
      mailConfigured: Boolean(getEnv().SMTP_URL),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const intents: readonly LoginIntent[] = ["login", "signup", "reset", "forgot", "sign-in-code"];
const intentOf = (value: unknown): LoginIntent => intents.find((intent) => intent === value) ?? "login";

/** After signing in, back to the dashboard page the form was on; never anywhere else. */
const ADMIN_PAGE = /^\/admin(\/[a-z-]+){0,2}\/?$/;
const landingPage = (value: unknown) => (typeof value === "string" && ADMIN_PAGE.test(value) ? value : "/admin");

/** The login and sign-up forms. Only e-mail and password are read from them. */
export async function action({ request }: Route.ActionArgs) {
  // Another site's post is refused before its body is read.
  assertSameOrigin(request);
  const form = await readForm(request);
  const intent = intentOf(form.intent);
  if (intent === "reset" || intent === "forgot") {
    const result =
      intent === "reset"
        ? await resetPasswordWithToken(request, { token: form.token, password: form.password })
        : await requestPasswordResetMail(request, { email: form.email });
    return result.ok
      ? data<LoginActionData>({ intent, ok: true, needsConfirmation: false })
      : data<LoginActionData>({ intent, ok: false, message: result.message, unexpected: result.unexpected ?? false }, { status: result.status });
  }
  if (intent === "sign-in-code") {
    const parsed = signInCodeSchema.safeParse({ method: form.method, code: form.code });
    const result = parsed.success
      ? await verifySignInCode(getDb(), request, parsed.data)
      : { ok: false as const, status: 400, message: parsed.error.issues[0]!.message };
    if (!result.ok) {
      // A spent or expired challenge sends the person back to the password.
      const restart = result.status === 401 || result.message === twoFactorRestart;
      return data<LoginActionData>({ intent, ok: false, message: result.message, unexpected: false, restart }, { status: result.status });
    }
    throw redirect(landingPage(form.redirectTo), { headers: result.headers });
  }
  const credentials = { email: form.email, password: form.password };
  const result =
    intent === "signup"
      ? await signUpWithPassword(request, credentials, form.invitation)
      : await signInWithPassword(request, credentials);
  if (!result.ok) {
    return data<LoginActionData>(
      { intent, ok: false, message: result.message, unexpected: result.unexpected ?? false },
      { status: result.status },
    );
  }
  if (result.needsConfirmation) return data<LoginActionData>({ intent, ok: true, needsConfirmation: true });
  if (result.needsCode) return data<LoginActionData>({ intent, ok: true, needsConfirmation: false, needsCode: true }, { headers: result.headers });
  throw redirect(landingPage(form.redirectTo), { headers: result.headers });
}

/**
 * A request that never reached the server, or a server that failed outright, still ends in
 * 'Ошибка' / 'Произошла неожиданная ошибка' toast instead of an error page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<LoginActionData> {
  const intent = intentOf((await request.clone().formData()).get("intent"));
  try {
    return (await serverAction()) as LoginActionData;
  } catch (error) {
    // Redirects (a successful sign-in) go on to the dashboard. A sign-up that signed in at once
    // is announced here: the login screen that would toast it is replaced by what the redirect shows.
    if (error instanceof Response) {
      if (intent === "signup" && error.status >= 300 && error.status < 400) announceSignedUp();
      throw error;
    }
    return { intent, ok: false, message: "", unexpected: true };
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // Enrolment that the requirement started stays on screen after the code is confirmed (when
  // the loader already allows the dashboard), until its backup codes have been seen.
  const [enrolling, setEnrolling] = useState(loaderData.mustEnrol);
  useEffect(() => {
    if (loaderData.mustEnrol) setEnrolling(true);
  }, [loaderData.mustEnrol]);
  return (
    <>
      <Toaster richColors closeButton position="bottom-right" />
      {loaderData.isAdmin && (loaderData.mustEnrol || enrolling) ? (
        <TwoFactorRequiredScreen email={loaderData.email ?? ""} onDone={() => setEnrolling(false)} />
      ) : loaderData.isAdmin ? (
        <Dashboard email={loaderData.email} badges={{ other: loaderData.unreadMessages }} />
      ) : (
        <LoginScreen
          signedInAs={loaderData.email}
          signUp={loaderData.signUp}
          resetToken={loaderData.resetToken}
          codePending={loaderData.codePending}
          mailConfigured={loaderData.mailConfigured}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">Admin Dashboard</h1>
        <p role="alert" className="mt-3 text-slate-600">
          {status === 401 || status === 403 ? "Доступ запрещён." : "Произошла неожиданная ошибка."}
        </p>
        <a href="/admin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
          Вернуться ко входу
        </a>
      </div>
    </main>
  );
}
