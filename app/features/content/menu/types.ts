import type { MenuType } from "~/features/content/menu/schema";

/** One menu item as the menu tab receives it. */
export interface MenuItemView {
  id: number;
  displayName: string;
  url: string;
  menuType: MenuType;
  sortOrder: number;
  isActive: boolean;
}
