import { createRequestHandler as createPageRenderer, type ServerBuild } from "react-router";
import { runOutsidePreview } from "~/features/releases/preview/preview-context.server";
import type { Env } from "~/platform/env.server";
import type { RenderPage } from "./rendered-page";

/** The renderer in development, where the cache is off and the build reloads. */
export const unavailableRenderer: RenderPage = () => Promise.reject(new Error("no page renderer"));

/** Renders a public page as an anonymous visitor would get it, with the site's security headers. */
export function pageRenderer(build: ServerBuild, env: Env, securityHeaders: [string, string][]): RenderPage {
  const handle = createPageRenderer(build, env.NODE_ENV);
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return async (pathname) => {
    const request = new Request(`${origin}${pathname}`, {
      // A crawler's user agent makes React finish the whole document before answering.
      headers: { accept: "text/html", "user-agent": "PageCacheBot/1.0 (+prerender)" },
    });
    const document: { html?: string } = {};
    // Never a preview, whatever request's callback started this render.
    const response = await runOutsidePreview(() => handle(request, { nonce: "", document }));
    const headers = new Headers(response.headers);
    for (const [name, value] of securityHeaders) headers.set(name, value);
    // Responses React did not render (a redirect, a loader's own Response) carry their body.
    return { status: response.status, headers, html: document.html ?? (await response.text()) };
  };
}
