// The Express application: security headers and compression, health, readiness and metrics,
// uploads, static files, then React Router (public pages taking turns in the render queue).
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/platform/client-address.server";
import { pingDatabase } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import type { createMetrics } from "../ops/metrics";
import { readiness } from "../ops/readiness";
import { earlyAnswers } from "../http/early-answers";
import { outageRetryAfter, withOutageAnswers } from "../http/database-outage";
import { requestLog } from "../http/request-log";
import { privateResponses } from "../http/private-responses";
import { previewOf, previewRecognition } from "../http/preview";
import { runInPreview, runOutsidePreview } from "~/features/records/preview-context.server";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { requestLocaleOf } from "~/features/locales/routing.server";
import { isPublicPageRequest } from "../page-cache/render-queue";
import { nonceMiddleware, securityHeaders } from "../http/security";
import { serveUploads } from "../http/uploads";
import { expressPaths } from "../http/express-paths";
import { statisticsRoutes } from "../http/statistics";
import type { Collector } from "~/features/statistics/collector.server";

export interface SiteAppOptions {
  /** The React Router server build, or a loader for it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (hashed assets); absent in development. */
  clientDirectory?: string;
  /** Vite's middleware in development. */
  devMiddleware?: express.RequestHandler;
}

interface SiteAppParts {
  env: Env;
  metrics: ReturnType<typeof createMetrics>;
  uploads: UploadStore;
  /** The render queue public pages take turns in. */
  publicRenders: <T>(task: () => Promise<T>) => Promise<T>;
  /** Visit statistics' collector; absent with ANALYTICS=off. */
  statistics?: Collector;
}

/**
 * React Router's stream adapter flushes after every chunk React writes, and each flush makes
 * compression() close a gzip or brotli block: responses came out larger and brotli cost most of
 * an uncached page's time. The pages have no deferred data to show early, so the compressor
 * decides its own block boundaries instead.
 */
function wholeBlockCompression(_req: express.Request, res: express.Response, next: express.NextFunction) {
  (res as express.Response & { flush?: () => void }).flush = () => {};
  next();
}

/** The application, and the security headers middleware (the page cache records its headers). */
export function createSiteApp(options: SiteAppOptions, { env, metrics, uploads, publicRenders, statistics }: SiteAppParts) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer the connection comes from it: the client is named by the proxies trusted.
  if (env.TRUST_PROXY !== undefined) app.set("trust proxy", env.TRUST_PROXY);
  app.use(earlyAnswers);
  // Beacons next: an empty 202 needs no page headers, log line or compression (bench/statistics-http.md).
  if (statistics) app.use(statisticsRoutes(statistics, env.ANALYTICS_COUNTRY_HEADER));
  app.use(outageRetryAfter);
  app.use(requestLog);
  app.use(nonceMiddleware);
  const headersMiddleware = securityHeaders({
    https: env.PUBLIC_URL?.startsWith("https://") ?? false,
    development: env.NODE_ENV === "development",
    imageOrigins: env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [],
  });
  app.use(headersMiddleware);
  app.use(compression());
  app.use(wholeBlockCompression);

  app.get(expressPaths.health, async (_req, res) => {
    const ok = await pingDatabase();
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unavailable" });
  });
  app.get(expressPaths.metrics, metrics.handler);
  app.get(expressPaths.readiness, readiness(uploads));
  app.use(expressPaths.uploads, serveUploads(uploads, uploadsDirectory(env.DATA_DIR)));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDirectory) {
    app.use(expressPaths.assets, express.static(path.join(options.clientDirectory, "assets"), { immutable: true, maxAge: "1y" }));
    // Every public file has an extension; a page address goes straight to the router, not to a disk lookup.
    const publicFiles = express.static(options.clientDirectory, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.use((req, _res, next) => {
    // The address the limiter and the session records see; a client-sent value is replaced.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(previewRecognition);
  app.use(privateResponses);
  const handleWithRouter = createRequestHandler({
    build: withOutageAnswers(options.build),
    mode: env.NODE_ENV,
    getLoadContext: (_req, res) => ({ nonce: res.locals.cspNonce as string }),
  });
  // Each render names its own preview context (none, or the request's), so a render the queue
  // starts from another request's callback can never take that request's preview.
  const render = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const preview = previewOf(res);
    // The locale its path's prefix names (a drafted one only in a preview): its readers read in it.
    const locale = requestLocaleOf(req.path, !!preview);
    return preview
      ? runInPreview(preview, () => runInRequestLocale(locale, () => handleWithRouter(req, res, next)))
      : runOutsidePreview(() => runInRequestLocale(locale, () => handleWithRouter(req, res, next)));
  };
  app.use((req, res, next) => (isPublicPageRequest(req) ? publicRenders(() => render(req, res, next)) : render(req, res, next)));
  return { app, headersMiddleware };
}
