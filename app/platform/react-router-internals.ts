// The one module that reads React Router's UNSAFE_ exports (eslint.config.js refuses them
// anywhere else). The site's document renderer (app/document-router.server.tsx) and its kept
// <Links>, <Scripts>, <ScrollRestoration> and <Meta> (app/components/document-assets.tsx) are
// React Router's own components less the work they repeated for every document; they need the
// router's contexts and two of its helpers, which React Router exports as UNSAFE_: they may
// change or go in any release.
//
// They are read from the module's namespace, so a React Router without one of them still loads
// (a named import of a missing export would stop the server at start). Where one is missing or
// not what it was, `frameworkInternalsEnabled()` is false and the site renders with React
// Router's public components (<ServerRouter>, <Links>, <Scripts>, <ScrollRestoration>, <Meta>),
// which write the same document, a little slower. The tests compare the fenced components with
// the public ones byte for byte, both ways (entry.server.test.ts, document-assets.test.ts), and
// react-router-internals.test.ts fails first when an upgrade takes the internals away.
import * as ReactRouter from "react-router";

export const FrameworkContext = ReactRouter.UNSAFE_FrameworkContext;
export const DataRouterContext = ReactRouter.UNSAFE_DataRouterContext;
export const DataRouterStateContext = ReactRouter.UNSAFE_DataRouterStateContext;
export const RemixErrorBoundary = ReactRouter.UNSAFE_RemixErrorBoundary;
export const shouldHydrateRouteLoader = ReactRouter.UNSAFE_shouldHydrateRouteLoader;

const isContext = (value: unknown) => typeof value === "object" && value !== null && "Provider" in value && "Consumer" in value;

/** Whether these exports are what the fenced components were written against (checked here, for the tests). */
export function internalsAsExpected(exports: Record<string, unknown>): boolean {
  return (
    isContext(exports.UNSAFE_FrameworkContext) &&
    isContext(exports.UNSAFE_DataRouterContext) &&
    isContext(exports.UNSAFE_DataRouterStateContext) &&
    typeof exports.UNSAFE_RemixErrorBoundary === "function" &&
    typeof exports.UNSAFE_shouldHydrateRouteLoader === "function"
  );
}

/**
 * Whether this React Router has the internals the fenced components use. Each is named here, not
 * the namespace passed whole: the browser's bundle would then keep all of React Router.
 */
export const frameworkInternalsSupported = /* @__PURE__ */ internalsAsExpected({
  UNSAFE_FrameworkContext: FrameworkContext,
  UNSAFE_DataRouterContext: DataRouterContext,
  UNSAFE_DataRouterStateContext: DataRouterStateContext,
  UNSAFE_RemixErrorBoundary: RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader: shouldHydrateRouteLoader,
});

let enabled = frameworkInternalsSupported;

/** Whether documents render with the fenced components (true unless this React Router lacks their internals). */
export const frameworkInternalsEnabled = () => enabled;

/** Renders with React Router's public components instead (the tests, to run both ways); true again where supported. */
export function setFrameworkInternals(on: boolean) {
  enabled = on && frameworkInternalsSupported;
}
