import type { MenuType } from "~/schemas/menu";

/** How the two menus are named in the dashboard. */
export const menuTitles: Record<MenuType, string> = {
  header: "Верхнее меню (header)",
  footer: "Нижнее меню (footer)",
};
