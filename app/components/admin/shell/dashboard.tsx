import { LayoutDashboard } from "lucide-react";
import { NavLink, Outlet, useNavigation } from "react-router";
import { cn } from "~/platform/cn";
import { tabsFor } from "~/components/admin/dashboard-tabs";
import type { Role } from "~/features/access/matrix";
import { LogoutButton } from "./logout-button";
import { LivePreviewMain } from "~/components/admin/releases/preview-split";
import { DraftingBar } from "~/components/admin/releases/drafting-bar";
import { LanguagePicker } from "~/components/admin/i18n/language-picker";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * The dashboard shell: title, the signed-in address, the language, Logout, and the six tabs. Each tab is
 * a link to its own URL, so reload and back keep the tab; `badges` puts a count beside a tab.
 */
export function Dashboard({
  email,
  role = null,
  locales = [],
  badges = {},
  draftingReleaseId = null,
}: {
  email: string | null;
  /** The signed-in member's role: only the tabs it allows are shown. */
  role?: Role | null;
  /** A translator's locales (the tabs of the default locale need it). */
  locales?: readonly string[];
  badges?: Partial<Record<string, number>>;
  /** The release the administrator's saves go into: the live preview shows it. */
  draftingReleaseId?: number | null;
}) {
  const loading = useNavigation().state === "loading";
  const { m } = useMessages();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="relative border-b border-slate-200 bg-white">
        {loading ? (
          <div role="progressbar" aria-label={m.common.loading} className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-indigo-500" />
        ) : null}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <h1 className="flex items-center gap-2 text-lg font-semibold">
            <LayoutDashboard aria-hidden="true" className="size-5 text-indigo-600" />
            {m.shell.title}
          </h1>
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
            {email ? <span className="hidden truncate sm:inline">{email}</span> : null}
            {role ? (
              <span data-testid="own-role" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {m.access.roles[role]}
              </span>
            ) : null}
            <LanguagePicker />
            <LogoutButton />
          </div>
        </div>
        <nav aria-label={m.shell.sections} className="relative mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4">
          {tabsFor(role, locales).map((tab) => (
            <NavLink
              key={tab.id}
              to={tab.to}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  // relative: the badge's spoken text (sr-only, absolute) stays inside the tabs' scrolling row on a phone
                  "relative flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors",
                  isActive ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900",
                )
              }
            >
              <tab.icon aria-hidden="true" className="size-4" />
              {m.tabs[tab.label]}
              <TabBadge count={badges[tab.id] ?? 0} />
            </NavLink>
          ))}
        </nav>
      </header>
      <DraftingBar />
      <LivePreviewMain releaseId={draftingReleaseId}>
        <Outlet />
      </LivePreviewMain>
    </div>
  );
}

/** A count beside a tab's name (unread messages on 'Другое'), read out as part of the link. */
function TabBadge({ count }: { count: number }) {
  const { m } = useMessages();
  if (count <= 0) return null;
  return (
    <span data-testid="tab-badge" className="rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {m.shell.unread({ count })}</span>
    </span>
  );
}
