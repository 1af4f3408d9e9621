import source from "./cookie-consent.head?head-script";

/**
 * The consent script for <head> (readable source: cookie-consent.head.ts): marks <html> when a
 * choice is stored and answers the banner's buttons until React has hydrated them.
 * NOTE: a fixed string, so cached pages can allow it by its hash in the CSP.
 */
export const COOKIE_CONSENT_SCRIPT: string = source;
