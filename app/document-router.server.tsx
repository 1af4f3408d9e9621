// React Router's <ServerRouter>, less the work it repeated for every document: the same element
// tree (and so the same HTML), with the route tree built once per build and the loader data the
// browser receives read before React renders rather than while it renders. React Router's internals
// it needs come through app/platform/react-router-internals.ts; where they are missing the entry
// renders <ServerRouter> instead (entry.server.tsx).
import { Fragment, Suspense, createElement, type ComponentType, type ReactElement } from "react";
import { createStaticRouter, StaticRouterProvider, type EntryContext, type RouteObject } from "react-router";
import { FrameworkContext, RemixErrorBoundary, shouldHydrateRouteLoader } from "~/platform/react-router-internals";

type Manifest = EntryContext["manifest"];
type RouteModules = EntryContext["routeModules"];
type RouteModule = NonNullable<RouteModules[string]>;

/** One read of the loader data's stream, decoded as React Router's <StreamTransfer> decodes it. */
export type HandoffRead = { done: boolean; value: string } | { error: unknown };

/**
 * Reads the stream of the page's loader data (React Router's turbo-stream encoding, the
 * `serverHandoffStream` of the entry context) to its end. <StreamTransfer> read it from inside
 * the render, suspending once per read: three passes of React over suspended boundaries for
 * data that is ready before the render starts.
 */
export async function readHandoff(stream: ReadableStream<Uint8Array> | undefined): Promise<HandoffRead[] | undefined> {
  if (!stream) return undefined;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const reads: HandoffRead[] = [];
  for (;;) {
    try {
      const result = await reader.read();
      reads.push({ done: result.done, value: decoder.decode(result.value, { stream: true }) });
      if (result.done) return reads;
    } catch (error) {
      reads.push({ error });
      return reads;
    }
  }
}

type StaticRouter = ReturnType<typeof createStaticRouter>;
type HandlerContext = EntryContext["staticHandlerContext"];

// The routes of a build, kept with the route modules they were made from (a development build
// that reloads a module makes them again), and a static router made from them: React Router's
// `createStaticRouter` converts the routes again for every document, which the router of one
// document shares with all others but its state (see `documentRouter`).
const routeTrees = new WeakMap<Manifest, { modules: Map<string, RouteModule>; template: StaticRouter }>();

function routerTemplate(context: EntryContext): StaticRouter {
  const { manifest, routeModules } = context;
  const kept = routeTrees.get(manifest);
  if (kept && [...kept.modules].every(([id, module]) => routeModules[id] === module)) return kept.template;
  const routes = createServerRoutes(manifest.routes, routeModules);
  // Made with no document's data, which it would otherwise keep for as long as the build.
  const blank = { ...context.staticHandlerContext, matches: [], loaderData: {}, actionData: null, errors: null };
  const template = createStaticRouter(routes, blank, { branches: branchesOf(context) } as StaticRouterOptions);
  routeTrees.set(manifest, { modules: new Map(Object.keys(manifest.routes).map((id) => [id, routeModules[id]!])), template });
  return template;
}

type StaticRouterOptions = Parameters<typeof createStaticRouter>[2];
const branchesOf = (context: EntryContext) => (context as EntryContext & { branches?: unknown }).branches;

/**
 * The static router of one document: `createStaticRouter`'s, made from the kept template, whose
 * converted routes, route manifest and methods it shares; its state is this document's, built as
 * `createStaticRouter` builds it (each read a new object, the matches' routes the converted ones).
 */
function documentRouter(template: StaticRouter, context: HandlerContext, branches: unknown): StaticRouter {
  const matches = context.matches.map((match) => ({ ...match, route: template.manifest[match.route.id] ?? match.route }));
  const idle = template.state;
  return Object.create(template, {
    basename: { get: () => context.basename },
    branches: { get: () => branches },
    state: {
      get: () => ({
        ...idle,
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
  }) as StaticRouter;
}

/**
 * React Router's `createServerRoutes` (lib/dom/ssr/routes.tsx, 7.x) for a server-rendered build
 * (not SPA mode): each route's component, error boundary and hydrate fallback, the root's inside
 * its Layout. A root without an ErrorBoundary or HydrateFallback gets none here where React Router
 * adds its defaults; the site's root exports an ErrorBoundary, and a hydrate fallback is never
 * rendered on the server when every loader's data is there (it is: no route has a clientLoader).
 */
function createServerRoutes(manifest: Manifest["routes"], routeModules: RouteModules, parentId = ""): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && (route.parentId ?? "") === parentId)
    .map((route) => {
      const module = routeModules[route!.id];
      if (!module) throw new Error("No `routeModule` available to create server routes");
      const children = createServerRoutes(manifest, routeModules, route!.id);
      const dataRoute = {
        ...routeComponents(route!.id, module),
        caseSensitive: route!.caseSensitive,
        id: route!.id,
        index: route!.index,
        path: route!.path,
        handle: module.handle,
        lazy: undefined,
        loader: route!.hasLoader || route!.hasClientLoader ? () => null : undefined,
        ...(children.length > 0 ? { children } : {}),
      };
      return dataRoute as RouteObject;
    });
}

function routeComponents(id: string, module: RouteModule) {
  const Component = moduleComponent(module);
  const { ErrorBoundary, HydrateFallback, Layout } = module as {
    ErrorBoundary?: ComponentType;
    HydrateFallback?: ComponentType;
    Layout?: ComponentType<{ children: React.ReactNode }>;
  };
  if (id === "root" && Layout) {
    return {
      ...(Component ? { element: createElement(Layout, null, createElement(Component)) } : { Component }),
      ...(ErrorBoundary ? { errorElement: createElement(Layout, null, createElement(ErrorBoundary)) } : { ErrorBoundary }),
      ...(HydrateFallback ? { hydrateFallbackElement: createElement(Layout, null, createElement(HydrateFallback)) } : { HydrateFallback }),
    };
  }
  return { Component, ErrorBoundary, HydrateFallback };
}

function moduleComponent(module: RouteModule): ComponentType | undefined {
  const component = module.default as unknown;
  if (component == null) return undefined;
  if (typeof component === "object" && Object.keys(component).length === 0) return undefined;
  return component as ComponentType;
}

const ESCAPE_LOOKUP: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeHtml = (html: string) => html.replace(/[&><\u2028\u2029]/g, (match) => ESCAPE_LOOKUP[match]!);

// The script of each read of a public page's data (a document without a nonce: the page
// renderer's), kept by the read's text: it is the same for every visitor until the content
// changes, and quoting and escaping its kilobytes was per render. A document with its own nonce
// (the admin's) has data of its own request: made each time, never kept.
const handoffScripts = new Map<string, string>();
const HANDOFF_SCRIPTS_KEPT = 64;

const enqueueScript = (value: string) => `window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(value))});`;

function handoffScript(value: string, nonce: string | undefined) {
  if (nonce) return enqueueScript(value);
  let script = handoffScripts.get(value);
  if (script === undefined) {
    script = enqueueScript(value);
    if (handoffScripts.size >= HANDOFF_SCRIPTS_KEPT) handoffScripts.clear();
    handoffScripts.set(value, script);
  }
  return script;
}

/**
 * The loader data's scripts, element for element as <StreamTransfer> renders them: one script
 * per read inside nested Suspense boundaries (which leave their markers in the HTML), then the
 * one that closes the stream. Nothing when the document has no <Scripts> (a preview).
 */
function HandoffScripts({
  context,
  reads,
  at,
  nonce,
}: {
  context: EntryContext;
  reads: HandoffRead[];
  at: number;
  nonce?: string;
}): ReactElement | null {
  if (!context.renderMeta?.didRenderScripts) return null;
  const read = reads[at]!;
  if ("error" in read) throw read.error;
  const script = read.value
    ? createElement("script", {
        nonce,
        dangerouslySetInnerHTML: { __html: handoffScript(read.value, nonce) },
      })
    : null;
  if (read.done) {
    return createElement(
      Fragment,
      null,
      script,
      createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "window.__reactRouterContext.streamController.close();" } }),
    );
  }
  return createElement(
    Fragment,
    null,
    script,
    createElement(Suspense, null, createElement(HandoffScripts, { context, reads, at: at + 1, nonce })),
  );
}

/**
 * <ServerRouter>'s document for `context`, with the loader data's stream already read
 * (`readHandoff`): the same elements, so the same HTML and the same hydration.
 */
export function DocumentRouter({ context, reads, nonce }: { context: EntryContext; reads: HandoffRead[] | undefined; nonce?: string }) {
  const { manifest, routeModules, criticalCss, serverHandoffString } = context;
  const template = routerTemplate(context);
  // As <ServerRouter>: the data of a route whose clientLoader hydrates is left to the browser.
  context.staticHandlerContext.loaderData = { ...context.staticHandlerContext.loaderData };
  for (const match of context.staticHandlerContext.matches) {
    const routeId = match.route.id;
    const route = routeModules[routeId];
    const manifestRoute = manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete context.staticHandlerContext.loaderData[routeId];
    }
  }
  const router = documentRouter(template, context.staticHandlerContext, branchesOf(context));
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          criticalCss,
          serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={context.staticHandlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {reads ? (
        <Suspense>
          <HandoffScripts context={context} reads={reads} at={0} nonce={nonce} />
        </Suspense>
      ) : null}
    </>
  );
}
