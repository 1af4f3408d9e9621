import { FileText, LayoutList, Menu, Scale, Settings, SlidersHorizontal, type LucideIcon } from "lucide-react";

export interface DashboardTab {
  id: string;
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The six tabs of the /admin dashboard, each with its own URL so reload and back keep it. */
export const dashboardTabs: readonly DashboardTab[] = [
  { id: "content", to: "/admin/content", label: "Контент сайта", icon: FileText },
  { id: "menu", to: "/admin/menu", label: "Меню", icon: Menu },
  { id: "legal", to: "/admin/legal", label: "Юридические страницы", icon: Scale },
  { id: "fees", to: "/admin/fees", label: "Цены и тарифы", icon: LayoutList },
  { id: "settings", to: "/admin/settings", label: "Глобальные настройки", icon: Settings },
  { id: "other", to: "/admin/other", label: "Другое", icon: SlidersHorizontal },
];
