// The markers a cached page's markup and its two first-paint scripts share.

/**
 * Marks a stylesheet fetched at low priority without blocking paint and applied at the visitor's
 * first input, scroll or history step. The page's own elements are styled by the inline critical
 * CSS already; applying a stylesheet means restyling the whole page (50–60 ms on a desktop core,
 * four times that on a phone, whichever way it is added, measured), for nothing visible at load.
 * It is needed for what the page does not show yet: the icons below the first screen, another
 * page reached through the router, a form's answer.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = "data-deferred-stylesheet";

/** The router's start-up module, kept as a data block until the first paint has happened. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The data block's attribute listing the modules to preload when it starts (space-separated hrefs). */
export const DEFERRED_PRELOADS_ATTRIBUTE = "data-preload";

/**
 * The data block's attribute listing the modules the starter evaluates one at a time, each in a
 * task of its own, before it starts the router's module: all of the preloads but the module the
 * block imports itself (React Router's entry, which hydrates and must come last). Evaluated as
 * one module graph, they made one task of a quarter of a second on a phone; split, the page
 * answers input between them.
 */
export const DEFERRED_EVALUATE_ATTRIBUTE = "data-evaluate";
