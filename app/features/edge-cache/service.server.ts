// The edge cache at run time: the configuration the page cache reads for its headers, and the
// purge that follows each of this instance's writes (enqueued, then sent by the `edge-purge` job).
import { onContentWritten } from "~/features/records/version.server";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { noEdge, type EdgeConfig } from "./config.server";
import { changeTags, createPurgeCounters, edgePurgeJob, edgeStatus, enqueuePurge, type PurgeCounters } from "./purge.server";
import type { EdgeCacheView } from "./view";
import { SITE_TAG } from "./headers";
import { logger } from "~/platform/logger.server";
import { purgeTarget } from "./targets.server";

let config: EdgeConfig = noEdge;
let counters: PurgeCounters | undefined;
let kick: (() => void) | undefined;
let jobs: Job[] = [];

/** The edge configuration in force (no edge until the server installs one). */
export const edgeConfig = () => config;
/** Purges sent and failed since start, for /metrics; undefined without a purge target. */
export const edgePurgeCounters = () => counters;
/** The purge job, for the shared scheduler (none without a purge target). */
export const edgeCacheJobs = () => jobs;

/**
 * Installs the configuration. With purge targets, each of this instance's writes owes every edge
 * a purge of the records it changed, sent by the job `edgeCacheJobs` lists. Answers a function
 * that stops listening.
 */
export async function startEdgeCache(next: EdgeConfig, db: () => Database): Promise<() => void> {
  config = next;
  jobs = [];
  if (next.targets.length === 0) {
    counters = undefined;
    return () => (config = noEdge);
  }
  counters = createPurgeCounters();
  const targets = next.targets.map(purgeTarget);
  const names = targets.map((target) => target.name);
  const stopListening = onContentWritten(async (_db, records) => {
    await enqueuePurge(db(), names, changeTags(records));
    kick?.();
  });
  jobs = [edgePurgeJob(db, targets, counters)];
  // A start may follow a new build (its pages name other assets) or a restore (every record
  // changed): whatever an edge kept from before goes.
  await enqueuePurge(db(), names, [SITE_TAG]).catch((error: unknown) => logger.error({ err: error }, "edge purge at start not queued"));
  return () => {
    stopListening();
    config = noEdge;
    jobs = [];
  };
}

/** The scheduler's kick for the purge job (server/ops/background-jobs.ts), so a purge goes at once. */
export function setEdgePurgeKick(next: (() => void) | undefined) {
  kick = next;
}

/** The dashboard's view: the configuration in force and each edge's last purge and failure. */
export async function edgeCacheView(db: Database): Promise<EdgeCacheView> {
  const names = config.targets.map((target) => target.name);
  const statuses = names.length > 0 ? await edgeStatus(db, names) : [];
  return {
    enabled: config.enabled,
    maxAge: config.maxAge,
    staleIfError: config.staleIfError,
    targets: statuses.map((status) => ({
      target: status.target,
      lastPurgeAt: status.lastPurgeAt?.toISOString() ?? null,
      pending: status.pending,
      failure: status.failure && { ...status.failure, since: status.failure.since.toISOString() },
    })),
  };
}
