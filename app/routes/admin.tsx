import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { Toaster } from "sonner";
// The admin's own stylesheet, linked while an /admin route is shown.
import "~/admin.css";
import { LoginScreen, type LoginActionData, type LoginIntent } from "~/components/admin/login-screen";
import { adminMeta } from "~/components/admin/shell/admin-meta";
import { Dashboard } from "~/components/admin/shell/dashboard";
import { readForm } from "~/lib/admin-action.server";
import { countUnreadMessages } from "~/lib/contact/inbox.server";
import { getDb } from "~/lib/db.server";
import { signInWithPassword, signUpWithPassword } from "~/lib/auth-actions.server";
import { assertSameOrigin, getAdminStatus } from "~/lib/permissions.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => adminMeta();

/** The gate (SPEC §4): an admin session gets the dashboard, anyone else the login screen. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, isAdmin } = await getAdminStatus(request);
  // The badge on the 'Другое' tab: one count over an index, and only for an admin.
  const unreadMessages = isAdmin ? await countUnreadMessages(getDb()).catch(() => 0) : 0;
  return data({ isAdmin, email: user?.email ?? null, unreadMessages }, { headers: { "Cache-Control": "no-store" } });
}

/** After signing in, back to the dashboard page the form was on; never anywhere else. */
const ADMIN_PAGE = /^\/admin(\/[a-z-]+){0,2}\/?$/;
const landingPage = (value: unknown) => (typeof value === "string" && ADMIN_PAGE.test(value) ? value : "/admin");

/** The login and sign-up forms. Only e-mail and password are read from them. */
export async function action({ request }: Route.ActionArgs) {
  // Another site's post is refused before its body is read.
  assertSameOrigin(request);
  const form = await readForm(request);
  const intent: LoginIntent = form.intent === "signup" ? "signup" : "login";
  const credentials = { email: form.email, password: form.password };
  const result = intent === "signup" ? await signUpWithPassword(request, credentials) : await signInWithPassword(request, credentials);
  if (!result.ok) {
    return data<LoginActionData>(
      { intent, ok: false, message: result.message, unexpected: result.unexpected ?? false },
      { status: result.status },
    );
  }
  if (result.needsConfirmation) return data<LoginActionData>({ intent, ok: true, needsConfirmation: true });
  throw redirect(landingPage(form.redirectTo), { headers: result.headers });
}

/**
 * A request that never reached the server, or a server that failed outright, still ends in
 * SPEC §8's 'Ошибка' / 'Произошла неожиданная ошибка' toast instead of an error page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<LoginActionData> {
  const intent: LoginIntent = (await request.clone().formData()).get("intent") === "signup" ? "signup" : "login";
  try {
    return (await serverAction()) as LoginActionData;
  } catch (error) {
    // Redirects (a successful sign-in) go on to the dashboard.
    if (error instanceof Response) throw error;
    return { intent, ok: false, message: "", unexpected: true };
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Toaster richColors closeButton position="bottom-right" />
      {loaderData.isAdmin ? <Dashboard email={loaderData.email} badges={{ other: loaderData.unreadMessages }} /> : <LoginScreen signedInAs={loaderData.email} />}
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
