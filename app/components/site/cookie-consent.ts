export const COOKIE_CONSENT_KEY = "cookieConsent";
export type CookieConsent = "accepted" | "declined";

/**
 * Runs in <head> before the body paints: marks <html> when a choice is stored, so the
 * stylesheet hides the server-rendered banner and a returning visitor never sees it flash.
 * NOTE: a fixed string, so cached pages can allow it by its hash in the CSP.
 */
export const COOKIE_CONSENT_SCRIPT = `try{var c=localStorage.getItem("${COOKIE_CONSENT_KEY}");if(c==="accepted"||c==="declined")document.documentElement.setAttribute("data-cookie-consent",c)}catch(e){}`;

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === "accepted" || value === "declined" ? value : null;
  } catch {
    return null;
  }
}

/** Fired on window when the visitor makes a choice, so embeds waiting for consent can load at once. */
export const COOKIE_CONSENT_EVENT = "cookie-consent-change";

export function storeCookieConsent(value: CookieConsent) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_CONSENT_EVENT, { detail: value }));
}
