import type { IncomingMessage, ServerResponse } from "node:http";
import { edgeConfig } from "~/features/edge-cache/service.server";
import { PUBLIC_CACHE_CONTROL } from "./public-headers";

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/;

/** Whether the request carries a sign-in session (its cookie; whether it is valid does not matter here). */
export const hasSessionCookie = (req: IncomingMessage) => SESSION_COOKIE.test(req.headers.cookie ?? "");

const PRIVATE_PATH = /^\/(admin|api\/auth)(\/|\.data|$|\?)/;

/**
 * Whether a response the router renders for this request is private: the dashboard, the auth
 * endpoints, and anything rendered for a browser with a session. Shared caches and proxies must
 * neither store nor replay those.
 */
export const isPrivateRequest = (req: IncomingMessage) => PRIVATE_PATH.test(req.url ?? "") || hasSessionCookie(req);

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Whether writeHead's header argument (a list or an object) names this header. */
function namesHeader(args: unknown[], name: string) {
  const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
  if (Array.isArray(headers)) return headers.some((value, index) => index % 2 === 0 && String(value).toLowerCase() === name);
  return headers ? Object.keys(headers).some((key) => key.toLowerCase() === name) : false;
}

/** Sets `private, no-store`, dropping a Cache-Control handed to writeHead itself (it would win over setHeader). */
function makePrivate(res: ServerResponse, args: unknown[]) {
  res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
  if (Array.isArray(headers)) {
    for (let index = headers.length - 2; index >= 0; index -= 2) {
      if (String(headers[index]).toLowerCase() === "cache-control") headers.splice(index, 2);
    }
  } else if (headers) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === "cache-control") delete (headers as Record<string, unknown>)[name];
  }
}

/**
 * Makes the response `Cache-Control: private, no-store` whatever the route set, at the moment its
 * head is written, so no loader, action or error page can forget it. With `onlyWithCookie`, only
 * when the response sets a cookie: an answer that sets one is for one browser, never for an edge.
 */
export function keepPrivate(res: ServerResponse, onlyWithCookie = false) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!onlyWithCookie || this.hasHeader("set-cookie") || namesHeader(args, "set-cookie")) makePrivate(this, args);
    return (writeHead as (...parameters: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Express middleware: marks private responses before the router renders them, and any response that sets a cookie. */
export function privateResponses(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const isPrivate = isPrivateRequest(req);
  keepPrivate(res, !isPrivate);
  // A public page's data for a client-side navigation carries no tags: an edge must not keep it
  // (Fastly, say, keeps an answer without Cache-Control for an hour), so it asks each time.
  if (!isPrivate && edgeConfig().enabled && DATA_REQUEST.test(req.url ?? "")) res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  next();
}

const DATA_REQUEST = /^[^?]*\.data(\?|$)/;
