/** The six dashboard tabs (SPEC §2 /admin), each with its own URL so reload and back keep it. */
export const dashboardTabs = [
  { id: "content", to: "/admin/content", label: "Контент сайта" },
  { id: "menu", to: "/admin/menu", label: "Меню" },
  { id: "legal", to: "/admin/legal", label: "Юридические страницы" },
  { id: "fees", to: "/admin/fees", label: "Цены и тарифы" },
  { id: "settings", to: "/admin/settings", label: "Глобальные настройки" },
  { id: "other", to: "/admin/other", label: "Другое" },
] as const;
