export const COOKIE_CONSENT_KEY = "cookieConsent";
export type CookieConsent = "accepted" | "declined";

/** Fired on window when the visitor makes a choice, so embeds waiting for consent can load at once. */
export const COOKIE_CONSENT_EVENT = "cookie-consent-change";

/** The banner's buttons carry their choice, so that they work before the page hydrates. */
export const COOKIE_CHOICE_ATTRIBUTE = "data-cookie-choice";

// The head script that answers the banner before hydration: cookie-consent.head.ts.

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === "accepted" || value === "declined" ? value : null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(value: CookieConsent) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_CONSENT_EVENT, { detail: value }));
}
