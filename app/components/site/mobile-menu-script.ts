/** Marks the mobile menu's toggle button, so that it works before the page hydrates. */
export const MENU_TOGGLE_ATTRIBUTE = "data-menu-toggle";

/**
 * Runs in <head>: opens and closes the mobile menu from its toggle until React has hydrated the
 * button (the page's scripts start after its first paint, docs/decisions/0012-first-paint.md), as
 * React would: the panel's `hidden`, the button's `aria-expanded`, label and icon. A button React
 * owns is left to React, which adopts the state it finds (MobileMenu).
 * NOTE: a fixed string, so cached pages can allow it by its hash in the CSP.
 */
export const MOBILE_MENU_SCRIPT = `document.addEventListener("click",function(e){var b=e.target instanceof Element?e.target.closest("[${MENU_TOGGLE_ATTRIBUTE}]"):null;if(!b||Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0}))return;var p=document.getElementById(b.getAttribute("aria-controls")||""),o=b.getAttribute("aria-expanded")!=="true",g=b.querySelector(".glyph");if(!p)return;p.hidden=!o;b.setAttribute("aria-expanded",String(o));b.setAttribute("aria-label",o?"Close menu":"Open menu");if(g){g.classList.toggle("glyph-x",o);g.classList.toggle("glyph-menu",!o)}})`;
