import { createRequestHandler as createPageRenderer, type ServerBuild } from "react-router";
import { runOutsidePreview } from "~/features/records/preview-context.server";
import { trackReads } from "~/features/records/read-tags.server";
import { requestLocaleOf } from "~/features/locales/routing.server";
import { runInRequestLocale } from "~/platform/request-locale.server";
import type { Env } from "~/platform/env.server";
import type { RenderPage } from "./rendered-page";
import { withOutageAnswers } from "../http/database-outage";

/** The renderer in development, where the cache is off and the build reloads. */
export const unavailableRenderer: RenderPage = () => Promise.reject(new Error("no page renderer"));

/**
 * The build with only the routes the page cache renders: those whose `handle` declares
 * `pageCache` (page-routes.ts sends nothing else here) and their parents. React Router walks
 * its whole route table three times for every document it renders (to match the request, to
 * run the loaders, and for the lazy route manifest in `<Scripts>`), and builds its server
 * routes from the whole table again for each: with the admin area's routes that was a seventh
 * of an uncached render. The routes a public page matches are the same in both tables, and
 * `<Scripts>` lists only those, so the document is the same.
 */
export function pageRoutesOnly(build: ServerBuild): ServerBuild {
  const kept = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!(route?.module.handle as { pageCache?: unknown } | undefined)?.pageCache) continue;
    for (let at: string | undefined = id; at !== undefined && !kept.has(at); at = build.routes[at]?.parentId) kept.add(at);
  }
  const only = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => kept.has(id)));
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
}

/**
 * Renders a public page as an anonymous visitor would get it, with the site's security headers.
 * Its loaders answer a database outage as the router's do (a 503, never React Router's 500 and
 * crash log); the cache keeps no such answer and hands the request to the router, which answers
 * the 503 with Retry-After.
 */
export function pageRenderer(build: ServerBuild, env: Env, securityHeaders: [string, string][]): RenderPage {
  const handle = createPageRenderer(withOutageAnswers(pageRoutesOnly(build)), env.NODE_ENV);
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return async (pathname) => {
    const request = new Request(`${origin}${pathname}`, {
      // A crawler's user agent makes React finish the whole document before answering.
      headers: { accept: "text/html", "user-agent": "PageCacheBot/1.0 (+prerender)" },
    });
    const document: { html?: string } = {};
    // Never a preview, whatever request's callback started this render; the records its reads
    // name become the page's edge cache tags (app/features/edge-cache).
    // In the locale its prefix names (the cache renders a prefix only while its locale is served).
    const locale = requestLocaleOf(pathname.split("?")[0]!);
    const { result: response, tags } = await trackReads(() =>
      runOutsidePreview(() => runInRequestLocale(locale, () => handle(request, { nonce: "", document }))),
    );
    const headers = new Headers(response.headers);
    for (const [name, value] of securityHeaders) headers.set(name, value);
    // Responses React did not render (a redirect, a loader's own Response) carry their body.
    return { status: response.status, headers, html: document.html ?? (await response.text()), tags };
  };
}
