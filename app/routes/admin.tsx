import { data, Form, NavLink, Outlet, redirect, useNavigation } from "react-router";
import { Toaster } from "sonner";
import { dashboardTabs } from "~/components/admin/dashboard-tabs";
import { LoginScreen } from "~/components/admin/login-screen";
import { signInWithPassword, signUpWithPassword } from "~/lib/auth-actions.server";
import { getAdminStatus } from "~/lib/permissions.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, isAdmin } = await getAdminStatus(request);
  return data(
    { isAdmin, email: user?.email ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent === "signup" ? "signup" : "login";
  const result =
    intent === "signup" ? await signUpWithPassword(request, form) : await signInWithPassword(request, form);
  if (!result.ok) {
    return data(
      { intent, ok: false as const, message: result.message, unexpected: result.unexpected ?? false },
      { status: result.status },
    );
  }
  if (result.needsConfirmation) return { intent, ok: true as const, needsConfirmation: true };
  throw redirect("/admin", { headers: result.headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Toaster richColors position="top-right" />
      {loaderData.isAdmin ? <Dashboard email={loaderData.email} /> : <LoginScreen signedInAs={loaderData.email} />}
    </>
  );
}

function Dashboard({ email }: { email: string | null }) {
  const navigation = useNavigation();
  const loggingOut = navigation.formAction === "/admin/logout";
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <h1 className="text-lg font-semibold">Admin Dashboard</h1>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span>{email}</span>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                disabled={loggingOut}
                className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
              >
                {loggingOut ? "Logging out..." : "Logout"}
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Dashboard" className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4">
          {dashboardTabs.map((tab) => (
            <NavLink
              key={tab.id}
              to={tab.to}
              className={({ isActive }) =>
                `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  isActive ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
