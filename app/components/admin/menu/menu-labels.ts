import type { MenuType } from "~/features/content/menu/schema";

/** How the two menus are named in the dashboard. */
export const menuTitles: Record<MenuType, string> = {
  header: "Верхнее меню (header)",
  footer: "Нижнее меню (footer)",
};
