import type { Catalogue } from "~/features/admin-i18n/messages";
import { FileText, LayoutList, Menu, Scale, Settings, SlidersHorizontal, type LucideIcon } from "lucide-react";

export interface DashboardTab {
  id: string;
  to: string;
  /** The tab's name in the catalogue (`m.tabs[label]`). */
  label: keyof Catalogue["tabs"];
  icon: LucideIcon;
}

/** The six tabs of the /admin dashboard, each with its own URL so reload and back keep it. */
export const dashboardTabs: readonly DashboardTab[] = [
  { id: "content", to: "/admin/content", label: "content", icon: FileText },
  { id: "menu", to: "/admin/menu", label: "menu", icon: Menu },
  { id: "legal", to: "/admin/legal", label: "legal", icon: Scale },
  { id: "fees", to: "/admin/fees", label: "fees", icon: LayoutList },
  { id: "settings", to: "/admin/settings", label: "settings", icon: Settings },
  { id: "other", to: "/admin/other", label: "other", icon: SlidersHorizontal },
];
