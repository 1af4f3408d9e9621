import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createPageRenderer, type ServerBuild } from "react-router";
import { createAuth, setAuth } from "~/features/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/platform/client-address.server";
import { openDatabase, pingDatabase, setDatabase } from "~/platform/db.server";
import { startHistoryPruning } from "~/features/history/pruning.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { setContactSecret } from "~/platform/hmac.server";
import { startContactWorker } from "~/features/contact/worker.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { startBackupSchedule } from "~/features/backup/backup-store.server";
import { startContentSync } from "../page-cache/content-sync";
import { createMetrics } from "../ops/metrics";
import { readiness } from "../ops/readiness";
import { requestLog } from "../http/request-log";
import { resolveAuthSecret } from "./secret";
import { createFirstPaint } from "../first-paint/first-paint";
import { createPageCache, type RenderPage } from "../page-cache/page-cache";
import { createPageRoutes, listPublicFiles } from "../page-cache/page-routes";
import { privateResponses } from "../http/private-responses";
import { createRenderQueue, isPublicPageRequest } from "../page-cache/render-queue";
import { nonceMiddleware, recordHeaders, securityHeaders } from "../http/security";
import { serveUploads } from "../http/uploads";

export interface StartOptions {
  /** The React Router server build, or a loader for it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (hashed assets); absent in development. */
  clientDirectory?: string;
  /** Vite's middleware in development. */
  devMiddleware?: express.RequestHandler;
  env?: Env;
}

export interface RunningServer {
  server: Server;
  env: Env;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? parseEnv();
  setEnv(env);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  });
  setDatabase(database);
  const stopContentSync = env.DATABASE_URL ? await startContentSync(env.DATABASE_URL) : undefined;
  const secret = resolveAuthSecret(env.DATA_DIR, env.AUTH_SECRET);
  setContactSecret(secret);
  const stopHistoryPruning = startHistoryPruning(() => database.db, { keep: env.HISTORY_KEEP, days: env.HISTORY_DAYS });
  setAuth(
    createAuth({
      db: database.db,
      secret,
      port: env.PORT,
      publicUrl: env.PUBLIC_URL,
      smtpUrl: env.SMTP_URL,
      smtpFrom: env.SMTP_FROM,
    }),
  );

  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer the connection comes from it: the client is named by the proxies trusted.
  if (env.TRUST_PROXY !== undefined) app.set("trust proxy", env.TRUST_PROXY);
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

  app.get("/healthz", async (_req, res) => {
    const ok = await pingDatabase();
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unavailable" });
  });
  // Four renders a turn rendered 1.12x the pages a second of two (1 was 0.89x), for a turn of
  // about 8 ms between reads of the sockets; eight added little more (decision 0008).
  const publicRenders = createRenderQueue(4);
  const metrics = createMetrics({
    token: env.METRICS_TOKEN,
    backupDirectory: env.BACKUP_DIR,
    renderQueue: publicRenders,
    databasePool: database.pool,
    pageCacheSize: () => pageCache.size(),
  });
  app.get("/metrics", metrics.handler);
  const uploads = getUploadStore(env);
  app.get("/readyz", readiness(uploads));
  app.use("/uploads", serveUploads(uploads, uploadsDirectory(env.DATA_DIR)));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDirectory) {
    app.use(
      "/assets",
      express.static(path.join(options.clientDirectory, "assets"), { immutable: true, maxAge: "1y" }),
    );
    // Every public file has an extension; a page address goes straight to the router, not to a disk lookup.
    const publicFiles = express.static(options.clientDirectory, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.use((req, _res, next) => {
    // The address the limiter and the session records see; a client-sent value is replaced.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(privateResponses);
  const handleWithRouter = createRequestHandler({
    build: options.build,
    mode: env.NODE_ENV,
    getLoadContext: (_req, res) => ({ nonce: res.locals.cspNonce as string }),
  });
  app.use((req, res, next) =>
    isPublicPageRequest(req)
      ? publicRenders(() => handleWithRouter(req, res, next))
      : handleWithRouter(req, res, next),
  );

  const pageCache = createPageCache({
    enabled: typeof options.build !== "function",
    keep: env.PAGE_CACHE === "on",
    queue: publicRenders,
    counters: metrics.pageCache,
    finish: options.clientDirectory ? createFirstPaint(options.clientDirectory).finish : undefined,
    // What the route table declares cacheable; the paths answered above the router are not pages.
    routes: createPageRoutes(typeof options.build === "function" ? {} : options.build.routes, {
      reserved: ["/healthz", "/readyz", "/metrics", "/uploads/", "/assets/"],
      files: listPublicFiles(options.clientDirectory),
    }),
    render: typeof options.build === "function" ? unavailableRenderer : pageRenderer(options.build, env, recordHeaders(headersMiddleware)),
  });
  // Visitors' public pages are answered before Express, from the cache or (PAGE_CACHE=off)
  // rendered for the request; everything else goes through it.
  const server = http.createServer((req, res) => {
    metrics.observe(req, res);
    if (!pageCache.handle(req, res, () => app(req, res))) app(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, () => resolve());
  });
  logger.info({ port: env.PORT, database: database.kind, dataDir: env.DATA_DIR, uploads: uploads.describe() }, "server started");
  const stopContactWorker = startContactWorker({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    notifyTo: env.CONTACT_NOTIFY_TO,
    keepDays: env.CONTACT_KEEP_DAYS,
    publicUrl: env.PUBLIC_URL,
  });
  const stopBackups = startBackupSchedule(env.BACKUP_EVERY);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Finish in-flight requests, then release the database.
      stopBackups();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      stopHistoryPruning();
      await stopContactWorker();
      await stopContentSync?.();
      await database.close();
      setDatabase(undefined);
      logger.info("server stopped");
    })();
    return closing;
  };
  return { server, env, close };
}

// The operator's commands (`npm run backup`, `npm run restore`, `npm run admin`) run from this build too.
export { runBackupCommand, runRestoreCommand } from "./operations-cli";
export { runAdminCommand } from "./admin-cli";

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

const unavailableRenderer: RenderPage = () => Promise.reject(new Error("no page renderer"));

/** Renders a public page as an anonymous visitor would get it, with the site's security headers. */
function pageRenderer(build: ServerBuild, env: Env, securityHeaders: [string, string][]): RenderPage {
  const handle = createPageRenderer(build, env.NODE_ENV);
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return async (pathname) => {
    const request = new Request(`${origin}${pathname}`, {
      // A crawler's user agent makes React finish the whole document before answering.
      headers: { accept: "text/html", "user-agent": "PageCacheBot/1.0 (+prerender)" },
    });
    const document: { html?: string } = {};
    const response = await handle(request, { nonce: "", document });
    const headers = new Headers(response.headers);
    for (const [name, value] of securityHeaders) headers.set(name, value);
    // Responses React did not render (a redirect, a loader's own Response) carry their body.
    return { status: response.status, headers, html: document.html ?? (await response.text()) };
  };
}

/** Starts the server and stops it cleanly on SIGTERM or SIGINT. */
export async function runServer(options: StartOptions) {
  const running = await startServer(options);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  return running;
}

export async function runProductionServer(clientDirectory: string) {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  return runServer({ build, clientDirectory });
}
