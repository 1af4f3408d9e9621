import { createElement, Fragment, useContext, type ReactElement } from "react";
import {
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksProps,
  type MetaDescriptor,
  type ScriptsProps,
  type ScrollRestorationProps,
} from "react-router";
import type { RootData } from "./root-data";
import { DataRouterContext, DataRouterStateContext, FrameworkContext, frameworkInternalsEnabled } from "~/platform/react-router-internals";

// React Router's <Links> and <Scripts> write what depends only on the build and on which routes
// a document matched: the stylesheets, the module preloads, the route modules to import and the
// routes the browser knows before it asks for more. They worked it out again for every document
// (a twentieth of an uncached render); on the server these keep what they returned, per build,
// for each set of matched routes. In the browser they are React Router's own, and so they are
// where this React Router lacks the internals they read (app/platform/react-router-internals.ts).

type Manifest = NonNullable<React.ContextType<typeof FrameworkContext>>["manifest"];
const kept = new WeakMap<Manifest, Map<string, ReactElement | null>>();
const KEPT_PER_BUILD = 500;

const onServer = typeof document === "undefined";

/**
 * The key of what an element of this document renders: its kind and props, the matched routes
 * and the errors; none in the browser, or with a nonce of one response (the admin's pages),
 * which no other document would share.
 */
function useDocumentKey(kind: string, props: { nonce?: string }, extra: string) {
  const framework = useContext(FrameworkContext);
  const state = useContext(DataRouterStateContext);
  if (!onServer || !framework || !state || (props.nonce ?? framework.nonce)) return undefined;
  const routes = state.matches.map((match) => match.route.id).join(",");
  const errors = state.errors ? Object.keys(state.errors).join(",") : "";
  return { framework, key: `${kind}\n${JSON.stringify(props)}\n${routes}\n${errors}\n${extra}` };
}

function remembered(manifest: Manifest, key: string, render: () => ReactElement | null) {
  let elements = kept.get(manifest);
  if (!elements) kept.set(manifest, (elements = new Map()));
  let element = elements.get(key);
  if (element === undefined) {
    element = render();
    if (elements.size >= KEPT_PER_BUILD) elements.clear();
    elements.set(key, element);
  }
  return element;
}

/** React Router's <Links>, kept on the server per build and matched routes. */
export function DocumentLinks(props: LinksProps) {
  return frameworkInternalsEnabled() ? <KeptLinks {...props} /> : <Links {...props} />;
}

function KeptLinks(props: LinksProps) {
  const found = useDocumentKey("links", props, "");
  // The critical CSS of development changes with every edit: not kept.
  if (!found || found.framework.criticalCss !== undefined) return <Links {...props} />;
  // Called as a function, so that what it returns can be kept; its hooks are this component's.
  return remembered(found.framework.manifest, found.key, () => Links(props));
}

/**
 * React Router's <Scripts>, kept on the server per build, matched routes and the path's parent
 * paths (the routes known to the browser at first are those the parent paths match too).
 */
export function DocumentScripts(props: ScriptsProps) {
  return frameworkInternalsEnabled() ? <KeptScripts {...props} /> : <Scripts {...props} />;
}

function KeptScripts(props: ScriptsProps) {
  const router = useContext(DataRouterContext);
  const pathname = router?.router.state.location.pathname ?? "";
  const parents = pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  const found = useDocumentKey("scripts", props, `${parents}\n${router?.static && router.staticContext ? "static" : ""}`);
  if (!found || !router?.static) return <Scripts {...props} />;
  const { framework } = found;
  const element = remembered(framework.manifest, `${found.key}\n${framework.serverHandoffString}`, () => Scripts(props));
  // What <Scripts> tells the document router: the loader data's scripts follow.
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true;
  return element;
}

/**
 * React Router's <ScrollRestoration>, kept on the server per build and matched routes: without a
 * `getKey` its script is the same for every document (its function's source, the storage key,
 * no key of the page's own), and it worked out the route matches and the script again for each.
 */
export function DocumentScrollRestoration(props: ScrollRestorationProps) {
  return frameworkInternalsEnabled() ? <KeptScrollRestoration {...props} /> : <ScrollRestoration {...props} />;
}

function KeptScrollRestoration(props: ScrollRestorationProps) {
  const found = useDocumentKey("scroll", props, "");
  if (!found || props.getKey) return <ScrollRestoration {...props} />;
  // Called as a function, so that what it returns can be kept; its hooks are this component's.
  return remembered(found.framework.manifest, found.key, () => ScrollRestoration(props));
}

// The element of each meta tag, kept per tag object: the SEO tags are kept per settings object and
// page (seo.ts), so the same objects come back render after render until the content changes.
const keptMeta = new WeakMap<object, ReactElement | null>();

const ESCAPE_LOOKUP: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeHtml = (html: string) => html.replace(/[&><\u2028\u2029]/g, (match) => ESCAPE_LOOKUP[match]!);

/** One tag's element, as React Router's <Meta> makes it (lib/dom/ssr/components.tsx, 7.x). */
function metaElement(metaProps: MetaDescriptor | undefined | null): ReactElement | null {
  if (!metaProps) return null;
  if ("tagName" in metaProps) {
    const { tagName, ...rest } = metaProps;
    if (typeof tagName !== "string" || !/^(meta|link)$/.test(tagName)) {
      console.warn(`A meta object uses an invalid tagName: ${String(tagName)}. Expected either 'link' or 'meta'`);
      return null;
    }
    return createElement(tagName, { key: JSON.stringify(rest), ...rest });
  }
  if ("title" in metaProps) return createElement("title", { key: "title" }, String(metaProps.title));
  const props = metaProps as Record<string, unknown>;
  if ("charset" in props) {
    props.charSet ??= props.charset;
    delete props.charset;
  }
  if ("charSet" in props && props.charSet != null) {
    return typeof props.charSet === "string" ? createElement("meta", { key: "charSet", charSet: props.charSet }) : null;
  }
  if ("script:ld+json" in props) {
    try {
      const json = JSON.stringify(props["script:ld+json"]);
      return createElement("script", {
        key: `script:ld+json:${json}`,
        type: "application/ld+json",
        dangerouslySetInnerHTML: { __html: escapeHtml(json) },
      });
    } catch {
      return null;
    }
  }
  return createElement("meta", { key: JSON.stringify(props), ...props });
}

function keptMetaElement(metaProps: MetaDescriptor | undefined | null): ReactElement | null {
  if (!metaProps || typeof metaProps !== "object") return metaElement(metaProps);
  let element = keptMeta.get(metaProps);
  if (element === undefined) {
    element = metaElement(metaProps);
    keptMeta.set(metaProps, element);
  }
  return element;
}

type MetaFunction = (args: Record<string, unknown>) => MetaDescriptor[] | undefined;

/**
 * React Router's <Meta> on the server: each matched route's `meta` called as it calls them, the
 * leaf's tags rendered, each tag's element kept per tag object (keptMeta) rather than made again
 * with a JSON key for every tag of every render. In the browser, React Router's own.
 */
export function DocumentMeta() {
  return (
    <>
      {frameworkInternalsEnabled() ? <KeptMeta /> : <Meta />}
      <LocaleAlternates />
    </>
  );
}

/**
 * The same page in the site's other locales, for search engines (hreflang, x-default): from the
 * root's data, on the server only (a page's locales change only with a new document). None on a
 * site of one locale.
 */
function LocaleAlternates() {
  const alternates = useRouteLoaderData<RootData>("root")?.locale?.alternates;
  return alternates?.map((alternate) => (
    <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
  ));
}

function KeptMeta() {
  const framework = useContext(FrameworkContext);
  const state = useContext(DataRouterStateContext);
  const location = useLocation();
  if (!onServer || !framework || !state || framework.isSpaMode) return <Meta />;
  const { errors, loaderData } = state;
  let active = state.matches;
  if (errors) active = active.slice(0, active.findIndex((match) => errors[match.route.id] !== undefined) + 1);
  const error = errors ? errors[active[active.length - 1]!.route.id] : null;
  let meta: MetaDescriptor[] = [];
  let leafMeta: MetaDescriptor[] | null = null;
  const matches: Record<string, unknown>[] = [];
  for (let i = 0; i < active.length; i++) {
    const { route, params, pathname } = active[i]!;
    const data = loaderData[route.id];
    const module = framework.routeModules[route.id] as { meta?: MetaFunction | MetaDescriptor[] } | undefined;
    const match: Record<string, unknown> = {
      id: route.id,
      data,
      loaderData: data,
      meta: [],
      params,
      pathname,
      handle: route.handle,
      error,
    };
    matches[i] = match;
    let routeMeta: MetaDescriptor[] | undefined = [];
    if (module?.meta) {
      routeMeta =
        typeof module.meta === "function"
          ? module.meta({ data, loaderData: data, params, location, matches, error })
          : Array.isArray(module.meta)
            ? [...module.meta]
            : module.meta;
    } else if (leafMeta) {
      routeMeta = [...leafMeta];
    }
    routeMeta = routeMeta || [];
    if (!Array.isArray(routeMeta)) {
      throw new Error(
        "The route at " +
          String(route.path) +
          " returns an invalid value. All route meta functions must return an array of meta objects.\n\nTo reference the meta function API, see https://reactrouter.com/start/framework/route-module#meta",
      );
    }
    match.meta = routeMeta;
    meta = [...routeMeta];
    leafMeta = meta;
  }
  return createElement(Fragment, null, (meta.flat() as (MetaDescriptor | null | undefined)[]).map(keptMetaElement));
}
