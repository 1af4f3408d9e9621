// Runs in <head> before the body paints (bundled and minified into COOKIE_CONSENT_SCRIPT by
// scripts/support/head-scripts.js). It marks <html> when a choice is stored, so the stylesheet
// hides the server-rendered banner and a returning visitor never sees it flash. Until React has
// hydrated the banner's buttons (the page's scripts start after its first paint), it answers
// them as React would: Accept All and Decline store the choice and hide the banner, the close
// icon hides it for this page. A button React owns is left to React.
// Nothing is declared at the top level: this runs as a classic script in the global scope.
import { COOKIE_CHOICE_ATTRIBUTE, COOKIE_CONSENT_EVENT, COOKIE_CONSENT_KEY } from "./cookie-consent";

try {
  const stored = localStorage.getItem(COOKIE_CONSENT_KEY);
  if (stored === "accepted" || stored === "declined") document.documentElement.setAttribute("data-cookie-consent", stored);
} catch {
  // Storage disabled: the banner shows.
}

document.addEventListener("click", function (event) {
  const button = event.target instanceof Element ? event.target.closest(`[${COOKIE_CHOICE_ATTRIBUTE}]`) : null;
  // React marks the elements it owns with its props; those buttons are React's to answer.
  if (!button || Object.keys(button).some((key) => key.indexOf("__reactProps") === 0)) return;
  const choice = button.getAttribute(COOKIE_CHOICE_ATTRIBUTE);
  const root = document.documentElement;
  if (choice === "close") {
    root.setAttribute("data-cookie-banner-closed", "");
    return;
  }
  if (choice !== "accepted" && choice !== "declined") return;
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, choice);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  root.setAttribute("data-cookie-consent", choice);
  dispatchEvent(new CustomEvent(COOKIE_CONSENT_EVENT, { detail: choice }));
});
