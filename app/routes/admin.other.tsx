import { NavLink, Outlet } from "react-router";
import { otherSectionPath, sectionsFor } from "~/components/admin/other/other-sections";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { cn } from "~/platform/cn";
import { requireMember } from "~/features/auth/permissions.server";
import type { Route } from "./+types/admin.other";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.tabs.other);

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireMember(request, null);
  return { role: me.role, locales: me.locales ?? [] };
}

/** The 'Другое' tab: a hub of the team's tools, each section at its own URL. */
export default function AdminOther({ loaderData }: Route.ComponentProps) {
  const { m } = useMessages();
  const otherSections = sectionsFor(loaderData.role, loaderData.locales);
  if (otherSections.length === 0) return <Outlet />;
  return (
    <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
      <nav aria-label={m.other.sectionsLabel} className="relative flex gap-1 overflow-x-auto md:flex-col">
        {otherSections.map((section) => (
          <NavLink
            key={section.id}
            to={otherSectionPath(section)}
            prefetch="intent"
            className={({ isActive }) =>
              cn(
                "flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              )
            }
          >
            <section.icon aria-hidden="true" className="size-4" />
            {m.other.sections[section.id]}
          </NavLink>
        ))}
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
