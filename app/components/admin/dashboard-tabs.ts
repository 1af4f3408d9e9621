import type { Catalogue } from "~/features/admin-i18n/messages";
import { FileText, LayoutList, Menu, Scale, Settings, SlidersHorizontal, type LucideIcon } from "lucide-react";

import { editsDefaultLocale, roleAllows, type Permission } from "~/features/access/matrix";
import { sectionsFor } from "~/components/admin/other/other-sections";

export interface DashboardTab {
  id: string;
  to: string;
  /** The tab's name in the catalogue (`m.tabs[label]`). */
  label: keyof Catalogue["tabs"];
  icon: LucideIcon;
  /** What the tab needs (app/features/access/matrix.ts); null: any of the 'Другое' sections. */
  permission: Permission | null;
  /** Edits the default locale only: not shown to a translator without it (the content tab translates). */
  defaultLocaleOnly?: boolean;
}

/** The six tabs of the /admin dashboard, each with its own URL so reload and back keep it. */
export const dashboardTabs: readonly DashboardTab[] = [
  { id: "content", to: "/admin/content", label: "content", icon: FileText, permission: "content.edit" },
  { id: "menu", to: "/admin/menu", label: "menu", icon: Menu, permission: "content.edit", defaultLocaleOnly: true },
  { id: "legal", to: "/admin/legal", label: "legal", icon: Scale, permission: "content.edit", defaultLocaleOnly: true },
  { id: "fees", to: "/admin/fees", label: "fees", icon: LayoutList, permission: "content.edit", defaultLocaleOnly: true },
  { id: "settings", to: "/admin/settings", label: "settings", icon: Settings, permission: "settings.edit" },
  { id: "other", to: "/admin/other", label: "other", icon: SlidersHorizontal, permission: null },
];

/** The tabs a role (with a translator's locales) may open: the dashboard shows only these. */
export const tabsFor = (role: string | null, locales?: readonly string[]) =>
  dashboardTabs.filter(
    (tab) => (tab.permission === null || roleAllows(role, tab.permission)) && (!tab.defaultLocaleOnly || editsDefaultLocale(role, locales)),
  );

/** Where a role lands on /admin: its first tab (the 'Другое' hub opens its first section it may see). */
export function landingFor(role: string | null, locales?: readonly string[]) {
  const tab = tabsFor(role, locales).find((candidate) => candidate.permission !== null);
  if (tab) return tab.to;
  const [section] = sectionsFor(role, locales);
  return section ? `/admin/other/${section.id}` : "/admin/other";
}
