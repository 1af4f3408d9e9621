import fs from "node:fs";
import http, { type Server } from "node:http";
import type { ServerBuild } from "react-router";
import "~/record-kinds.server";
import { setDatabase } from "~/platform/db.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";
import { flushLogs, logger } from "~/platform/logger.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { cleanStoredImagesAtStart } from "~/features/uploads/clean-image.server";
import { createMetrics } from "../ops/metrics";
import { recordHeaders } from "../http/security";
import { setRequestLogging } from "../http/request-log";
import { createFirstPaint } from "../first-paint/first-paint";
import { hasPreviewCookie } from "../http/preview";
import { createPageCache } from "../page-cache/page-cache";
import { pageRenderer, unavailableRenderer } from "../page-cache/page-renderer";
import { createPageRoutes, listPublicFiles } from "../page-cache/page-routes";
import { servesPrefix } from "~/features/locales/routing.server";
import { createRenderQueue } from "../page-cache/render-queue";
import { archiveCaptureOf } from "../page-cache/archive-capture";
import { setArchiveCapture } from "~/features/archive/capture.server";
import { assetSourceOf, setArchiveAssetSource } from "~/features/archive/asset-source.server";
import { createAdminShare, dispatchRequests } from "../http/admin-share";
import { createSiteApp, type SiteAppOptions } from "./express-app";
import { openServices, startBackgroundWork, startStatisticsWork } from "./services";
import { startControlSocket } from "./control-socket";
import { getCollector } from "~/features/statistics/service.server";
import { statisticsPaths } from "../http/statistics";
import { lookupAddress } from "~/features/pages/public-index.server";
import { parseEdgeConfig } from "~/features/edge-cache/config.server";
import { edgePurgeCounters, startEdgeCache } from "~/features/edge-cache/service.server";

export interface StartOptions extends SiteAppOptions {
  env?: Env;
}

export interface RunningServer {
  server: Server;
  env: Env;
  close(): Promise<void>;
}

/**
 * The HTTP server. Visitors' public pages are answered before Express, from the cache or
 * (PAGE_CACHE=off) rendered for the request; everything else goes through it, previews too
 * (server/http/preview.ts). Administrators' requests take at most ADMIN_SHARE of a server busy
 * with visitors (server/http/admin-share.ts).
 */
function createHttpServer(
  env: Env,
  metrics: ReturnType<typeof createMetrics>,
  pageCache: ReturnType<typeof createPageCache>,
  app: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const adminShare = createAdminShare({ share: env.ADMIN_SHARE / 100, waited: metrics.adminWaited });
  const dispatch = dispatchRequests(adminShare, {
    page: (req, res) => !hasPreviewCookie(req) && pageCache.handle(req, res, () => app(req, res)),
    app,
  });
  const server = http.createServer((req, res) => {
    metrics.observe(req, res);
    dispatch(req, res);
  });
  // An idle connection stays open 65 s (Node's default is 5 s): longer than the idle timeouts of
  // the proxies and balancers a site sits behind (nginx's upstream keep-alive and the common
  // cloud balancers: 60 s), so none of them sends a request on a connection this server has
  // just closed (a reset, and a 502 for the visitor), and a client that pauses a few seconds
  // between requests reuses its connection. Headers may take as long as before.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return { server, adminShare };
}

/** The public pages' routes, renderer and finishing, shared by the page cache and the archive. */
function publicRendering(options: StartOptions, env: Env, headersMiddleware: Parameters<typeof recordHeaders>[0]) {
  // What the route table declares cacheable; the paths answered above the router are not pages.
  const routes = createPageRoutes(typeof options.build === "function" ? {} : options.build.routes, {
    reserved: ["/healthz", "/readyz", "/metrics", "/uploads/", "/assets/", ...statisticsPaths],
    files: listPublicFiles(options.clientDirectory),
    addresses: lookupAddress,
    servesLocale: (code) => servesPrefix(code),
  });
  const render =
    typeof options.build === "function" ? unavailableRenderer : pageRenderer(options.build, env, recordHeaders(headersMiddleware));
  const finish = options.clientDirectory ? createFirstPaint(options.clientDirectory).finish : undefined;
  return { routes, render, finish };
}

/**
 * The archive stores what the cache would serve (app/features/archive); not in development.
 * With PAGE_CACHE=off each page is rendered for its request and sent unfinished: so is it archived.
 * ARCHIVE=off (a staging or test copy): nothing is captured; publishes still note their outbox rows.
 */
function startArchiveCapture(
  env: Env,
  options: StartOptions,
  parts: ReturnType<typeof publicRendering> & { queue: ReturnType<typeof createRenderQueue>; uploads: ReturnType<typeof getUploadStore> },
) {
  if (env.ARCHIVE !== "on") return;
  const { routes, render, finish, queue, uploads } = parts;
  setArchiveCapture(archiveCaptureOf({ routes, render, finish: env.PAGE_CACHE === "on" ? finish : undefined, queue }));
  // The stylesheets and images the pages reference, read where the site serves them from.
  setArchiveAssetSource(assetSourceOf({ clientDirectory: options.clientDirectory, uploads, origins: [env.PUBLIC_URL, env.S3_PUBLIC_URL] }));
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? parseEnv();
  // Before anything opens: a bad edge setting stops the start with its one line.
  const edge = parseEdgeConfig();
  setEnv(env);
  setRequestLogging(env.LOG_REQUESTS);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const { database, stopContentSync, stopPublicIndex } = await openServices(env);
  const stopStatistics = startStatisticsWork(env, database);
  const stopEdgeCache = await startEdgeCache(edge, () => database.db);

  // Four renders a turn: more pages a second than one or two, still short turns between reads of
  // the sockets (the measurements: decision 0008).
  const publicRenders = createRenderQueue(4);
  const metrics = createMetrics({
    token: env.METRICS_TOKEN,
    backupDirectory: env.BACKUP_DIR,
    renderQueue: publicRenders,
    databasePool: database.pool,
    pageCacheSize: () => pageCache.size(),
    statistics: getCollector()?.counters,
    edgePurges: edgePurgeCounters(),
  });
  const uploads = getUploadStore(env);
  const { app, headersMiddleware } = createSiteApp(options, { env, metrics, uploads, publicRenders, statistics: getCollector() });

  const { routes, render, finish } = publicRendering(options, env, headersMiddleware);
  const pageCache = createPageCache({
    enabled: typeof options.build !== "function",
    keep: env.PAGE_CACHE === "on",
    queue: publicRenders,
    counters: metrics.pageCache,
    finish,
    routes,
    render,
  });
  if (typeof options.build !== "function") startArchiveCapture(env, options, { routes, render, finish, queue: publicRenders, uploads });
  const { server, adminShare } = createHttpServer(env, metrics, pageCache, app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, () => resolve());
  });
  logger.info({ port: env.PORT, database: database.kind, dataDir: env.DATA_DIR, uploads: uploads.describe() }, "server started");
  const { stopBackgroundJobs } = startBackgroundWork(env, database);
  // Originals stored before uploads were cleaned of photo metadata (GPS, camera, author).
  void cleanStoredImagesAtStart(uploads);
  // `npm run backup` and `npm run admin` beside this server, on the embedded database.
  const stopControlSocket = await startControlSocket(env);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Finish in-flight requests, then release the database.
      const jobsStopped = stopBackgroundJobs();
      adminShare.stop();
      await stopControlSocket();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      await jobsStopped;
      // A re-render after a late save reads the content: it ends before the database closes.
      await pageCache.stop();
      await stopStatistics?.();
      stopEdgeCache();
      setArchiveCapture(undefined);
      await stopPublicIndex();
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

/** Starts the server and stops it cleanly on SIGTERM or SIGINT. */
export async function runServer(options: StartOptions) {
  const running = await startServer(options);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      // Every request line is written before the process exits.
      running.close().then(
        () => flushLogs().then(() => process.exit(0)),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          void flushLogs().then(() => process.exit(1));
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
