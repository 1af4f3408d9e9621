import type { ServerBuild } from "react-router";
import { cachedPublicPage } from "~/platform/page-cache-handle";

type Routes = ServerBuild["routes"];

function route(id: string, parentId: string | undefined, shape: { path?: string; index?: boolean; handle?: unknown }): Routes[string] {
  return { id, parentId, path: shape.path, index: shape.index, module: { handle: shape.handle } } as unknown as Routes[string];
}

/** A route table shaped like the site's (app/routes.ts), plus a page that reads `?q`. */
export const testRouteTable: Routes = Object.fromEntries(
  [
    route("root", undefined, { path: "" }),
    route("routes/_public", "root", {}),
    route("routes/_public._index", "routes/_public", { index: true, handle: cachedPublicPage }),
    route("routes/_public.fees", "routes/_public", { path: "fees", handle: cachedPublicPage }),
    route("routes/_public.faq", "routes/_public", { path: "faq", handle: cachedPublicPage }),
    route("routes/_public.search", "routes/_public", { path: "search", handle: { pageCache: { query: ["q", "page"] } } }),
    route("routes/_public.$", "routes/_public", { path: "*", handle: { pageCache: { notFound: true } } }),
    route("routes/admin", "root", { path: "admin" }),
    route("routes/admin._index", "routes/admin", { index: true }),
    route("routes/admin.settings", "routes/admin", { path: "settings/:tab?" }),
    route("routes/api.auth.$", "root", { path: "api/auth/*" }),
    route("routes/robots[.]txt", "root", { path: "robots.txt" }),
  ].map((entry) => [entry!.id, entry]),
);
