// Runs in <head> (bundled and minified into MOBILE_MENU_SCRIPT by scripts/support/head-scripts.js):
// opens and closes the mobile menu from its toggle until React has hydrated the button (the
// page's scripts start after its first paint, docs/decisions/0012-first-paint.md), as React
// would: the panel's `hidden`, the button's `aria-expanded`, label and icon. A button React owns
// is left to React, which adopts the state it finds (MobileMenu).
// Nothing is declared at the top level: this runs as a classic script in the global scope.
import { MENU_TOGGLE_ATTRIBUTE } from "./mobile-menu-script";

document.addEventListener("click", function (event) {
  const button = event.target instanceof Element ? event.target.closest(`[${MENU_TOGGLE_ATTRIBUTE}]`) : null;
  // React marks the elements it owns with its props; that button is React's to answer.
  if (!button || Object.keys(button).some((key) => key.indexOf("__reactProps") === 0)) return;
  const panel = document.getElementById(button.getAttribute("aria-controls") || "");
  const open = button.getAttribute("aria-expanded") !== "true";
  const glyph = button.querySelector(".glyph");
  if (!panel) return;
  panel.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  button.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  if (glyph) {
    glyph.classList.toggle("glyph-x", open);
    glyph.classList.toggle("glyph-menu", !open);
  }
});
