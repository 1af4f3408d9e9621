/** The writes of the menu tab, as the forms post them in `intent`. */
export const menuIntents = {
  create: "create-menu-item",
  update: "update-menu-item",
  delete: "delete-menu-item",
  setActive: "set-menu-item-active",
} as const;

export const MENU_ACTION = "/admin/menu";
