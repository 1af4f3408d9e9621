// The tracking script (bundled and minified by scripts/support/head-scripts.js, served as
// /visit.js and loaded by the public layout after the page has painted and hydrated). It sends a
// pageview for every page shown, including the router's own navigations, and a goal for a click
// on a marked button. Nothing is sent after 'Decline' in the cookie banner or with Global
// Privacy Control; it sets no cookie and writes no storage (it only reads the banner's choice).
// Runs as a classic script: its names stay inside the function.
import { CONSENT_DECLINED, CONSENT_STORAGE_KEY, GOAL_ATTRIBUTE, STATISTICS_ENDPOINT } from "./tracker-contract";

(function () {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  function allowed() {
    if (browser.globalPrivacyControl) return false;
    try {
      return localStorage.getItem(CONSENT_STORAGE_KEY) !== CONSENT_DECLINED;
    } catch {
      return true;
    }
  }
  function send(name: string) {
    if (!allowed()) return;
    const body = JSON.stringify({ n: name, u: location.href, r: document.referrer || undefined, w: innerWidth });
    if (!browser.sendBeacon || !browser.sendBeacon(STATISTICS_ENDPOINT, body))
      fetch(STATISTICS_ENDPOINT, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
  }
  let shown = "";
  function pageview() {
    if (location.pathname === shown) return;
    shown = location.pathname;
    send("pageview");
  }
  const pushState = history.pushState;
  history.pushState = function (...args: Parameters<History["pushState"]>) {
    pushState.apply(this, args);
    pageview();
  };
  addEventListener("popstate", pageview);
  document.addEventListener(
    "click",
    function (event) {
      const marked = event.target instanceof Element ? event.target.closest(`[${GOAL_ATTRIBUTE}]`) : null;
      if (marked) send(marked.getAttribute(GOAL_ATTRIBUTE) || "");
    },
    true,
  );
  pageview();
})();
