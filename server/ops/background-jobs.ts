// The site's background work: one shared scheduler for every job (docs/decisions/0013-one-shared-scheduler.md).
import type { Env } from "~/platform/env.server";
import type { DatabaseHandle } from "~/platform/db.server";
import { startJobs, type Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { backupJob } from "~/features/backup/backup-store.server";
import { CONTACT_OUTBOX_JOB, contactJobs, setContactOutboxKick } from "~/features/contact/worker.server";
import { historyPruningJob } from "~/features/history/pruning.server";
import { scheduledPublishJob } from "~/features/releases/schedule.server";
import { pageEndJob } from "~/features/pages/end.server";
import { releaseEndJob } from "~/features/releases/end.server";
import { statisticsJobs } from "~/features/statistics/service.server";
import { edgeCacheJobs, setEdgePurgeKick } from "~/features/edge-cache/service.server";
import { EDGE_PURGE_JOB } from "~/features/edge-cache/purge.server";
import { ARCHIVE_JOB, archiveJob, setArchiveKick } from "~/features/archive/worker.server";
import { archiveRetentionJob } from "~/features/archive/retention.server";

/**
 * History pruning, the contact outbox and retention, scheduled backups, scheduled publishes, page end times, and
 * visit statistics' flush and roll-ups (when startStatistics runs, ANALYTICS=on).
 */
export function backgroundJobs(env: Env, database: DatabaseHandle): Job[] {
  const jobs = [
    historyPruningJob(() => database.db, { keep: env.HISTORY_KEEP, days: env.HISTORY_DAYS }),
    ...contactJobs({
      db: database.db,
      smtpUrl: env.SMTP_URL,
      smtpFrom: env.SMTP_FROM,
      notifyTo: env.CONTACT_NOTIFY_TO,
      keepDays: env.CONTACT_KEEP_DAYS,
      publicUrl: env.PUBLIC_URL,
    }),
    scheduledPublishJob(() => database.db, { smtpUrl: env.SMTP_URL, smtpFrom: env.SMTP_FROM, publicUrl: env.PUBLIC_URL }),
    // Landing pages whose end time has come unpublish (app/features/pages/end.server.ts).
    pageEndJob(() => database.db),
    // Published releases whose end time has come are reverted as one group (app/features/releases/end.server.ts).
    releaseEndJob(() => database.db),
    ...statisticsJobs(),
    // The edge caches' purges, when an edge is configured (startEdgeCache).
    ...edgeCacheJobs(),
  ];
  // The archive of what public pages served, and its retention (docs/archive.md); ARCHIVE=off: neither.
  if (env.ARCHIVE === "on")
    jobs.push(
      archiveJob(() => database.db),
      archiveRetentionJob(() => database.db, env.ARCHIVE_RETENTION_DAYS),
    );
  if (env.BACKUP_EVERY) {
    logger.info({ every: env.BACKUP_EVERY, directory: env.BACKUP_DIR, keep: env.BACKUP_KEEP }, "scheduled backups on");
    jobs.push(backupJob(env.BACKUP_EVERY));
  }
  return jobs;
}

/** Starts the shared scheduler; answers the function that stops it and waits for runs under way. */
export function startBackgroundJobs(env: Env, database: DatabaseHandle) {
  const scheduler = startJobs(backgroundJobs(env, database));
  setContactOutboxKick(() => scheduler.kick(CONTACT_OUTBOX_JOB));
  setEdgePurgeKick(() => scheduler.kick(EDGE_PURGE_JOB));
  setArchiveKick(() => scheduler.kick(ARCHIVE_JOB));
  return async () => {
    setArchiveKick(undefined);
    setContactOutboxKick(undefined);
    setEdgePurgeKick(undefined);
    await scheduler.stop();
  };
}
