// Applies the deferred stylesheets at the visitor's first input, scroll or history step
// (bundled and minified into STYLESHEET_LOADER by scripts/support/head-scripts.js). Listening
// from a script, covered by the page's CSP hash like every inline script, needs no inline event
// handler (which the CSP forbids). Runs as a classic script: its names stay inside the function.
import { DEFERRED_STYLESHEET_ATTRIBUTE } from "./deferred-markers";

(function () {
  const events = ["pointerdown", "touchstart", "keydown", "wheel", "scroll", "submit", "popstate"];
  function apply() {
    events.forEach((type) => removeEventListener(type, apply, true));
    document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`).forEach((link) => {
      link.media = "all";
    });
  }
  events.forEach((type) => addEventListener(type, apply, { capture: true, passive: true }));
})();
