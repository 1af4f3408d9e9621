import type { IncomingMessage, ServerResponse } from "node:http";

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

/**
 * Makes the response `Cache-Control: private, no-store` whatever the route set, at the moment its
 * head is written, so no loader, action or error page can forget it.
 */
export function keepPrivate(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    // Headers handed to writeHead itself take precedence over setHeader: drop theirs.
    const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
    if (Array.isArray(headers)) {
      for (let index = headers.length - 2; index >= 0; index -= 2) {
        if (String(headers[index]).toLowerCase() === "cache-control") headers.splice(index, 2);
      }
    } else if (headers) {
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === "cache-control") delete (headers as Record<string, unknown>)[name];
    }
    return (writeHead as (...parameters: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Express middleware: marks private responses before the router renders them. */
export function privateResponses(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (isPrivateRequest(req)) keepPrivate(res);
  next();
}
