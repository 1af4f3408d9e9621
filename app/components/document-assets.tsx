import { useContext, type ReactElement } from "react";
import {
  Links,
  Scripts,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  type LinksProps,
  type ScriptsProps,
} from "react-router";

// React Router's <Links> and <Scripts> write what depends only on the build and on which routes
// a document matched: the stylesheets, the module preloads, the route modules to import and the
// routes the browser knows before it asks for more. They worked it out again for every document
// (a twentieth of an uncached render); on the server these keep what they returned, per build,
// for each set of matched routes. In the browser they are React Router's own.

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
