// Preview requests: recognised before the page cache (server/boot/app.ts sends every request
// with the preview cookie past it) and here, before the router. A preview is rendered for its
// request alone, `private, no-store` and `noindex`, with the release's staged values applied
// through the async context the content readers consult; nothing of it is ever kept.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { assertSameOrigin } from "~/features/auth/permissions.server";
import type { PreviewState } from "~/features/records/preview-context.server";
import { clearPreviewCookieHeader, PREVIEW_COOKIE, readPreviewCookie } from "~/features/releases/preview/preview-token.server";
import { recognisePreview } from "~/features/releases/preview/recognise.server";
import { draftValuesSchema, DRAFT_HEADER } from "~/features/releases/preview/preview";
import { logger } from "~/platform/logger.server";
import { canonicalRedirect } from "../page-cache/page-routes";
import { keepPrivate } from "./private-responses";

const COOKIE = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([^;]*)`);
/** Paths that are never a preview of the site: the dashboard, auth, the preview's own routes. */
const NOT_PREVIEWED = /^\/(admin|api|preview)(\/|\.data|$|\?)/;
const MAX_DRAFT_BYTES = 4 * 1024 * 1024;
/**
 * The public forms whose post a preview hands to the route (the page and its data request): the
 * contact form, whose action answers a preview without storing or sending anything. Any other
 * post to a preview is refused: a preview is read-only.
 */
const PREVIEWED_FORMS = /^\/contact(\.data)?$/;

const previewCookieOf = (req: IncomingMessage) => COOKIE.exec(req.headers.cookie ?? "")?.[1];

/**
 * Whether the browser has a signed, unexpired preview cookie: such a request never reaches the
 * page cache. Checked here (one HMAC) so that a made-up cookie cannot make every request render.
 */
export function hasPreviewCookie(req: IncomingMessage) {
  const value = previewCookieOf(req);
  return value !== undefined && readPreviewCookie(value) !== undefined;
}

/** The preview a request renders (set by `previewRecognition`), read by the router step. */
export const previewOf = (res: ServerResponse): PreviewState | undefined => (res as Response).locals?.preview as PreviewState | undefined;

/** The headers of every answer to a preview request: never stored, never indexed, framable by the dashboard only. */
export function markPreviewResponse(res: ServerResponse) {
  keepPrivate(res);
  res.setHeader("X-Robots-Tag", "noindex");
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string")
    res.setHeader("Content-Security-Policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
}

function fetchRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const name of ["cookie", "origin", "user-agent", "x-forwarded-for"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new globalThis.Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, { method: req.method, headers });
}

async function readDraft(req: Request): Promise<Map<string, string> | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_DRAFT_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    const parsed = draftValuesSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    return parsed.success ? new Map(Object.entries(parsed.data.values)) : undefined;
  } catch {
    return undefined;
  }
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** A hydrated page's data request (React Router's `<path>.data`), as opposed to a document's. */
const isDataRequest = (req: Request) => req.path.endsWith(".data");

/**
 * Sends the browser elsewhere with a new page load: a document is redirected; a data request is
 * told in React Router's words (204 and its redirect headers), since a redirect it followed
 * would hand the router a page instead of data.
 */
function leaveTo(req: Request, res: Response, location: string) {
  if (!isDataRequest(req)) return res.redirect(303, location);
  res.status(204).set({ "X-Remix-Redirect": location, "X-Remix-Status": "303", "X-Remix-Reload-Document": "true" }).end();
}

/**
 * Express middleware before the router. A page request with the preview cookie is checked
 * (signature, administrator session or reviewer link); a valid one renders with the release
 * applied, anything else drops the cookie and renders the live site, except a reviewer whose
 * link was revoked or expired, who is sent to the refusal page. A preview is read-only: the
 * posts it takes are the live preview's typed values (same origin, an administrator only) and
 * the contact form's, which its action answers as not sent.
 */
export async function previewRecognition(req: Request, res: Response, next: NextFunction) {
  const cookie = previewCookieOf(req);
  if (cookie === undefined || NOT_PREVIEWED.test(req.path)) return next();
  markPreviewResponse(res);
  const secure = req.secure;
  try {
    const request = fetchRequest(req);
    const recognised = await recognisePreview(request, cookie);
    if (recognised.kind === "refused") {
      res.setHeader("Set-Cookie", clearPreviewCookieHeader(secure));
      return leaveTo(req, res, `/preview/ended?reason=${recognised.reason}`);
    }
    if (recognised.kind === "ignored") {
      res.setHeader("Set-Cookie", clearPreviewCookieHeader(secure));
      return req.method === "GET" || req.method === "HEAD" ? next() : refuse(res, 403, "Preview has ended");
    }
    const state = recognised.state;
    if (req.method === "POST" && req.headers[DRAFT_HEADER] === "draft") {
      if (state.kind !== "admin") return refuse(res, 403, "Read-only preview");
      assertSameOrigin(request);
      const draft = await readDraft(req);
      if (!draft) return refuse(res, 400, "Invalid preview values");
      // Rendered as the page itself: the router sees a GET of the same address.
      req.method = "GET";
      delete req.headers["content-length"];
      delete req.headers["content-type"];
      res.locals.preview = { ...state, draft } satisfies PreviewState;
      return next();
    }
    if (req.method === "POST" && PREVIEWED_FORMS.test(req.path)) {
      // The site's own form, answered by its action inside the preview: checked, never sent.
      res.locals.preview = state;
      return next();
    }
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 403, "Read-only preview");
    // As the page cache answers visitors: `/old-promo/` and `//faq` lead to their one address first.
    const canonical = isDataRequest(req) ? undefined : canonicalRedirect(req.originalUrl);
    if (canonical) return res.redirect(301, canonical);
    res.locals.preview = state;
    return next();
  } catch (error) {
    if (error instanceof globalThis.Response) return refuse(res, error.status, "Cross-origin request refused");
    logger.error({ err: error, path: req.path }, "preview recognition failed");
    return refuse(res, 500, "Preview unavailable");
  }
}
