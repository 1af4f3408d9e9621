import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { listBackups } from "~/features/backup/backup-store.server";

/** What a request was for, by its path: few values, so the series stay few. */
export function routeKind(pathname: string) {
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return "operations";
  if (pathname.startsWith("/assets/")) return "asset";
  if (pathname.startsWith("/uploads/")) return "upload";
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  if (pathname.startsWith("/api/")) return "api";
  return "page";
}

const tokenMatches = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface MetricsOptions {
  token?: string;
  backupDirectory: string;
  /** The public pages' render queue: how many renders wait for their turn and how many run. */
  renderQueue?: { waiting(): number; running(): number };
  /** How many pages the page cache holds. */
  pageCacheSize?: () => number;
  /** Visit statistics' counters (app/features/statistics/collector.server.ts); absent with ANALYTICS=off. */
  statistics?: { accepted: number; bots: number; dropped: number; refused: Record<string, number> };
  /** PostgreSQL's connection pool; absent for the embedded database, which has none. */
  databasePool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** The edge caches' purges (app/features/edge-cache/purge.server.ts); absent without a purge target. */
  edgePurges?: { purged: Map<string, number>; failed: Map<string, number>; lastLagMs: number | undefined };
}

/**
 * Prometheus metrics: requests by route kind (count and duration), page-cache hits and misses,
 * administrators' requests held back on a busy server, the render queue, the database pool, the process's own figures and the age of the newest
 * archive in BACKUP_DIR. `observe` is called for every request where the server receives it,
 * before the page cache, so cached pages are counted too; `pageCache` is the page cache's
 * counters. Gauges are read when Prometheus scrapes, so they cost the requests nothing.
 * GET /metrics answers only with `Authorization: Bearer METRICS_TOKEN`; without a token it is
 * off (404).
 */
export function createMetrics(options: MetricsOptions) {
  // Off: nothing is measured, so the cached pages' path pays nothing for it.
  if (!options.token) {
    return {
      register: undefined,
      pageCache: undefined,
      adminWaited: undefined,
      observe: (_req: IncomingMessage, _res: ServerResponse) => {},
      handler: ((_req, res) =>
        void res.status(404).set("Cache-Control", "no-store").json({ message: "Not found" })) as express.RequestHandler,
    };
  }
  const token = options.token;
  const register = new Registry();
  collectDefaultMetrics({ register });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route kind and status class",
    labelNames: ["kind", "status"],
    registers: [register],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to finishing its answer, by route kind",
    labelNames: ["kind"],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  new Gauge({
    name: "backup_age_seconds",
    help: "Age of the newest archive in BACKUP_DIR; -1 when there is none",
    registers: [register],
    async collect() {
      const [newest] = await listBackups(options.backupDirectory);
      this.set(newest ? (Date.now() - Date.parse(newest.createdAt)) / 1000 : -1);
    },
  });

  const pageCacheRequests = new Counter({
    name: "page_cache_requests_total",
    help: "Public page requests answered from the page cache (hit) or rendered for them (miss)",
    labelNames: ["result"],
    registers: [register],
  });
  const hits = pageCacheRequests.labels("hit");
  const misses = pageCacheRequests.labels("miss");
  // Both series exist from the start, so a rate over them is defined before the first miss.
  hits.inc(0);
  misses.inc(0);
  const adminWaited = adminWaitCounters(register);
  registerGauges(register, options);
  if (options.statistics) registerStatistics(register, options.statistics);
  if (options.edgePurges) registerEdgePurges(register, options.edgePurges);

  return {
    register,
    pageCache: { hit: () => hits.inc(), miss: () => misses.inc() },
    adminWaited,
    observe(req: IncomingMessage, res: ServerResponse) {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const kind = routeKind((req.url ?? "/").split("?")[0]!);
        requests.inc({ kind, status: `${Math.floor(res.statusCode / 100)}xx` });
        durations.observe({ kind }, Number(process.hrtime.bigint() - started) / 1e9);
      });
    },
    handler: (async (req, res) => {
      res.set("Cache-Control", "no-store");
      const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
      if (!tokenMatches(given, token))
        return void res.status(401).set("WWW-Authenticate", "Bearer").json({ message: "Bearer token required" });
      res.type(register.contentType).send(await register.metrics());
    }) as express.RequestHandler,
  };
}

/** Administrators' requests held back on a server busy with visitors (server/http/admin-share.ts), and for how long. */
function adminWaitCounters(register: Registry) {
  const waits = new Counter({
    name: "admin_requests_waited_total",
    help: "Administrators' requests that waited for their turn on a server busy with visitors",
    registers: [register],
  });
  const seconds = new Counter({
    name: "admin_request_wait_seconds_total",
    help: "Time administrators' requests waited for their turn on a server busy with visitors",
    registers: [register],
  });
  return (milliseconds: number) => {
    waits.inc();
    seconds.inc(milliseconds / 1000);
  };
}

/** A gauge read when Prometheus scrapes, so it costs the requests nothing. */
const scrapedGauge = (register: Registry, name: string, help: string, read: () => number) =>
  new Gauge({
    name,
    help,
    registers: [register],
    collect() {
      this.set(read());
    },
  });

/** The page cache's size, the render queue and the database pool, where the server has them. */
function registerGauges(register: Registry, { pageCacheSize, renderQueue, databasePool }: MetricsOptions) {
  if (pageCacheSize) scrapedGauge(register, "page_cache_pages", "Rendered pages the page cache holds", pageCacheSize);
  if (renderQueue) {
    scrapedGauge(register, "render_queue_waiting", "Public page renders waiting for their turn", () => renderQueue.waiting());
    scrapedGauge(register, "render_queue_running", "Public page renders under way", () => renderQueue.running());
  }
  if (databasePool) {
    scrapedGauge(register, "database_pool_connections", "Connections the PostgreSQL pool holds open", () => databasePool.totalCount);
    scrapedGauge(register, "database_pool_idle_connections", "Open connections not running a query", () => databasePool.idleCount);
    scrapedGauge(register, "database_pool_waiting_queries", "Queries waiting for a free connection", () => databasePool.waitingCount);
  }
}

/** Beacons accepted, ignored as bots, dropped from a full queue and refused (by reason), read at scrape time. */
function registerStatistics(register: Registry, counters: NonNullable<MetricsOptions["statistics"]>) {
  scrapedGauge(register, "statistics_beacons_accepted", "Statistics events accepted since start", () => counters.accepted);
  scrapedGauge(register, "statistics_beacons_bots", "Statistics beacons from bots, answered and not stored", () => counters.bots);
  scrapedGauge(register, "statistics_events_dropped", "Statistics events dropped from a full queue", () => counters.dropped);
  new Gauge({
    name: "statistics_beacons_refused",
    help: "Statistics beacons refused since start, by reason (malformed, oversized, not-a-page, rate-limited, cross-origin)",
    labelNames: ["reason"],
    registers: [register],
    collect() {
      for (const [reason, count] of Object.entries(counters.refused)) this.set({ reason }, count);
    },
  });
}

/** Purges each edge took and refused since start (by the edge's name, never its token), and the newest one's lag. */
function registerEdgePurges(register: Registry, counters: NonNullable<MetricsOptions["edgePurges"]>) {
  const byTarget = (name: string, help: string, read: Map<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["target"],
      registers: [register],
      collect() {
        for (const [target, count] of read) this.set({ target }, count);
      },
    });
  byTarget("edge_purges_total", "Purges an edge cache took since start", counters.purged);
  byTarget("edge_purge_failures_total", "Purge attempts an edge cache refused or did not answer since start", counters.failed);
  new Gauge({
    name: "edge_purge_lag_seconds",
    help: "From a change to the edge taking its purge, for the newest purge taken; -1 before the first",
    registers: [register],
    collect() {
      this.set(counters.lastLagMs === undefined ? -1 : counters.lastLagMs / 1000);
    },
  });
}
