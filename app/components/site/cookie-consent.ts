export const COOKIE_CONSENT_KEY = "cookieConsent";
export type CookieConsent = "accepted" | "declined";

/** Fired on window when the visitor makes a choice, so embeds waiting for consent can load at once. */
export const COOKIE_CONSENT_EVENT = "cookie-consent-change";

/** The banner's buttons carry their choice, so that they work before the page hydrates. */
export const COOKIE_CHOICE_ATTRIBUTE = "data-cookie-choice";

/**
 * Runs in <head> before the body paints: marks <html> when a choice is stored, so the
 * stylesheet hides the server-rendered banner and a returning visitor never sees it flash.
 * It also answers the banner's buttons until React has hydrated them (the page's scripts start
 * after its first paint, docs/decisions/0012-first-paint.md): Accept All and Decline store the
 * choice and hide the banner, the close icon hides it for this page; a button React owns is
 * left to React.
 * NOTE: a fixed string, so cached pages can allow it by its hash in the CSP.
 */
export const COOKIE_CONSENT_SCRIPT = `try{var c=localStorage.getItem("${COOKIE_CONSENT_KEY}");if(c==="accepted"||c==="declined")document.documentElement.setAttribute("data-cookie-consent",c)}catch(e){}document.addEventListener("click",function(e){var b=e.target instanceof Element?e.target.closest("[${COOKIE_CHOICE_ATTRIBUTE}]"):null;if(!b||Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0}))return;var v=b.getAttribute("${COOKIE_CHOICE_ATTRIBUTE}"),h=document.documentElement;if(v==="close"){h.setAttribute("data-cookie-banner-closed","");return}if(v!=="accepted"&&v!=="declined")return;try{localStorage.setItem("${COOKIE_CONSENT_KEY}",v)}catch(x){}h.setAttribute("data-cookie-consent",v);dispatchEvent(new CustomEvent("${COOKIE_CONSENT_EVENT}",{detail:v}))})`;

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
