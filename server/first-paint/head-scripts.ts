// The first-paint scripts a cached page carries, each bundled and minified from its readable
// source at build time (scripts/support/head-scripts.js). The page's CSP lists them by the hash of
// this emitted text, as it lists every inline script.
import moduleStarter from "./module-starter.head?head-script";
import stylesheetLoader from "./stylesheet-loader.head?head-script";

/** Applies the deferred stylesheets at the first input (stylesheet-loader.head.ts). */
export const STYLESHEET_LOADER: string = stylesheetLoader;

/** Starts the router's module after the first contentful paint (module-starter.head.ts). */
export const MODULE_STARTER: string = moduleStarter;
