/** Marks the mobile menu's toggle button, so that it works before the page hydrates (mobile-menu-script.head.ts). */
export const MENU_TOGGLE_ATTRIBUTE = "data-menu-toggle";
