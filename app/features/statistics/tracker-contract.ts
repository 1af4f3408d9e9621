// What the tracking script shares with the server and the site, without imports, so that the
// script (tracker.head.ts) bundles to a few hundred bytes.

/** Where beacons are posted (an Express route outside the page cache and React Router). */
export const STATISTICS_ENDPOINT = "/api/visit";
/** The tracking script's address; a site page loads it after its first paint. */
export const STATISTICS_SCRIPT_PATH = "/visit.js";
/** Where the cookie banner keeps the visitor's choice, and the event it fires (components/site/cookie-consent.ts). */
export const CONSENT_STORAGE_KEY = "cookieConsent";
export const CONSENT_DECLINED = "declined";
/** The attribute that marks a button whose click is a goal (`data-goal="signup"`). */
export const GOAL_ATTRIBUTE = "data-goal";
