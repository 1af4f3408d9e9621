import source from "./mobile-menu-script.head?head-script";

/**
 * The mobile menu's script for <head> (readable source: mobile-menu-script.head.ts): toggles the
 * menu until React has hydrated its button.
 * NOTE: a fixed string, so cached pages can allow it by its hash in the CSP.
 */
export const MOBILE_MENU_SCRIPT: string = source;
