import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { Toaster } from "sonner";
// The admin's own stylesheet, linked while an /admin route is shown.
import "~/admin.css";
import { announceSignedUp, LoginScreen } from "~/components/admin/login-screen";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { Dashboard } from "~/components/admin/shell/dashboard";
import { readForm } from "~/platform/action-result.server";
import { runLoginAction } from "~/features/auth/login-action.server";
import { intentOf, type LoginActionData } from "~/features/auth/login-contract";
import { RESET_PARAMETER } from "~/features/auth/auth.server";
import { countUnreadMessages } from "~/features/contact/inbox.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { INVITATION_PARAMETER } from "~/features/auth/invitations.server";
import { assertSameOrigin, getAdminStatus } from "~/features/auth/permissions.server";
import { describeSignUp } from "~/features/auth/sign-up-policy.server";
import { hasPendingChallenge } from "~/features/auth/two-factor.server";
import { TwoFactorRequiredScreen } from "~/components/admin/two-factor/required-screen";
import { draftingView } from "~/features/releases/view.server";
import { AdminLanguageProvider, useMessages } from "~/components/admin/i18n/messages-context";
import { DEFAULT_ADMIN_LANGUAGE } from "~/features/admin-i18n/language";
import { roleAllows } from "~/features/access/matrix";
import { describeSso } from "~/features/sso/config.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches);

/** The gate: an admin session gets the dashboard, anyone else the login screen. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, isAdmin, mustEnrol, role } = await getAdminStatus(request);
  // An invitation link opens the sign-up tab for its address (the token is in the query, which
  // request logs leave out).
  const query = new URL(request.url).searchParams;
  const signUp = isAdmin ? null : await describeSignUp(getDb(), query.get(INVITATION_PARAMETER));
  // A reset link's token is checked (and used up) when the new password is posted.
  const resetToken = isAdmin ? null : query.get(RESET_PARAMETER);
  // The badge on the 'Другое' tab: one count over an index, and only for an admin.
  const unreadMessages = isAdmin && !mustEnrol && roleAllows(role, "messages.read") ? await countUnreadMessages(getDb()).catch(() => 0) : 0;
  // A password was right and the code is still to come (better-auth's challenge cookie).
  const codePending = !user && (await hasPendingChallenge(request));
  // Which release this administrator's saves go into (shown on every tab), and its staged values.
  const drafting =
    isAdmin && !mustEnrol && user && roleAllows(role, "releases.create")
      ? await draftingView(getDb(), user.id).catch(() => undefined)
      : undefined;
  // Single sign-on: the button, and why a sign-in through the provider was just refused.
  const sso = isAdmin ? null : describeSso(request);
  return data(
    {
      isAdmin,
      role,
      // A translator's locales: the tabs that edit only the default locale are shown with it.
      locales: isAdmin && user ? (user.locales ?? []) : [],
      mustEnrol,
      email: user?.email ?? null,
      unreadMessages,
      signUp,
      resetToken,
      codePending,
      mailConfigured: Boolean(getEnv().SMTP_URL),
      sso,
      drafting,
      // The dashboard's language (the account's); the login screen speaks the default, Russian.
      language: isAdmin && user ? user.language : DEFAULT_ADMIN_LANGUAGE,
    },
    // A refused single sign-on is a 403 page: the login screen with the reason.
    { status: sso?.refusal ? 403 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

/** The login and sign-up forms. Only e-mail and password are read from them. */
export async function action({ request }: Route.ActionArgs) {
  // Another site's post is refused before its body is read.
  assertSameOrigin(request);
  const form = await readForm(request);
  return runLoginAction(request, intentOf(form.intent), form);
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
    <AdminLanguageProvider language={loaderData.language}>
      <Toaster richColors closeButton position="bottom-right" />
      {loaderData.isAdmin && (loaderData.mustEnrol || enrolling) ? (
        <TwoFactorRequiredScreen email={loaderData.email ?? ""} onDone={() => setEnrolling(false)} />
      ) : loaderData.isAdmin ? (
        <Dashboard
          email={loaderData.email}
          role={loaderData.role}
          locales={loaderData.locales}
          badges={{ other: loaderData.unreadMessages }}
          draftingReleaseId={loaderData.drafting?.release?.id ?? null}
        />
      ) : (
        <LoginScreen
          signedInAs={loaderData.email}
          signUp={loaderData.signUp}
          resetToken={loaderData.resetToken}
          codePending={loaderData.codePending}
          mailConfigured={loaderData.mailConfigured}
          sso={loaderData.sso}
        />
      )}
    </AdminLanguageProvider>
  );
}

export function ErrorBoundary() {
  const language = useRouteLoaderData<typeof loader>("routes/admin")?.language ?? DEFAULT_ADMIN_LANGUAGE;
  return (
    <AdminLanguageProvider language={language}>
      <AdminError />
    </AdminLanguageProvider>
  );
}

function AdminError() {
  const { m } = useMessages();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{m.shell.title}</h1>
        <p role="alert" className="mt-3 text-slate-600">
          {status === 401 || status === 403 ? m.errors.denied : m.errors.unexpected}
        </p>
        <a href="/admin" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
          {m.errors.backToLogin}
        </a>
      </div>
    </main>
  );
}
