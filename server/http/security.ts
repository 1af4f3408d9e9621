import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";

export const nonceMiddleware: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers with an enforced CSP: scripts only from this origin or with this request's
 * nonce. Only headers a current browser acts on are sent, since every cached page carries them:
 * `X-Frame-Options` is superseded by `frame-ancestors`, and `X-XSS-Protection`,
 * `X-Download-Options`, `X-Permitted-Cross-Domain-Policies`, `X-DNS-Prefetch-Control` and
 * `Origin-Agent-Cluster` change nothing for this site in today's browsers. `connect-src` is
 * left to `default-src 'self'` except in development (Vite's socket).
 */
export function securityHeaders(options: { https: boolean; development: boolean; imageOrigins?: string[] }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Uploads served from S3_PUBLIC_URL's origin (even over http, as in a local test) are images of the site.
        imgSrc: ["'self'", "data:", "blob:", "https:", ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", "data:"],
        ...(options.development ? { connectSrc: ["'self'", "ws:"] } : {}),
        // The site itself: the dashboard shows the live preview of a page in a frame.
        frameSrc: ["'self'", "https://www.google.com", "https://maps.google.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: false,
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
}

/**
 * The headers a middleware such as helmet sets, recorded once, so that cached pages can be
 * sent without walking the middleware stack. The CSP keeps a `'nonce-…'` source to replace.
 */
export function recordHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    locals: { cspNonce: "RECORDED" },
    setHeader: (name: string, value: string | number | string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  middleware({ headers: {}, method: "GET", url: "/" } as Request, response as unknown as Response, () => {});
  return [...headers];
}
