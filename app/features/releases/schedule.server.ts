import { and, asc, eq, lte } from "drizzle-orm";
import { adminUsers, releases, user } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { sendReleaseFailureMail } from "~/platform/mail.server";
import { releaseMessages } from "./messages";
import { markFailed, publishRelease } from "./publish.server";
import { ReleaseError } from "./releases.server";

export interface ScheduleOptions {
  smtpUrl?: string;
  smtpFrom?: string;
  publicUrl?: string;
}

/** Why a scheduled publish failed, in the words the dashboard shows. */
function reasonOf(error: unknown) {
  if (error instanceof ReleaseError)
    return error.conflicts ? `${releaseMessages.conflicts} (${error.conflicts.join(", ")})` : error.message;
  return error instanceof Error ? error.message : String(error);
}

async function mailAdministrators(db: Database, options: ScheduleOptions, release: { id: number; name: string }, reason: string) {
  if (!options.smtpUrl) return;
  const rows = await db.select({ email: user.email }).from(adminUsers).innerJoin(user, eq(user.id, adminUsers.userId));
  const url = options.publicUrl ? `${options.publicUrl}/admin/other/releases/${release.id}` : undefined;
  for (const row of rows)
    await sendReleaseFailureMail({
      smtpUrl: options.smtpUrl,
      from: options.smtpFrom,
      to: row.email,
      name: release.name,
      reason,
      url,
    }).catch((error: unknown) => logger.error({ err: error, releaseId: release.id }, "release failure mail not sent"));
}

/**
 * Publishes every scheduled release whose time has come (also one missed while the site was
 * down). Each is claimed under its row lock and publishes only while still scheduled and due,
 * so two instances running this at once publish it once. A failure marks the release failed
 * (shown in the dashboard), is logged and, with SMTP, mailed to the administrators. Answers
 * the ids this instance published.
 */
export async function publishDueReleases(db: Database, options: ScheduleOptions = {}, now = new Date()) {
  const due = await db
    .select({ id: releases.id, name: releases.name })
    .from(releases)
    .where(and(eq(releases.state, "scheduled"), lte(releases.scheduledAt, now)))
    .orderBy(asc(releases.scheduledAt), asc(releases.id));
  const published: number[] = [];
  for (const release of due) {
    try {
      if (await publishRelease(db, release.id, null, { expect: "scheduled" })) published.push(release.id);
    } catch (error) {
      const reason = reasonOf(error);
      await markFailed(db, release.id, reason);
      await mailAdministrators(db, options, release, reason);
    }
  }
  return published;
}

/** Scheduled publishes as a job of the shared scheduler: soon after start (catch-up), then every 15 seconds. */
export function scheduledPublishJob(getDb: () => Database, options: ScheduleOptions, everyMs = 15_000): Job {
  return { name: "scheduled-publishes", everyMs, firstAfterMs: 1_000, run: () => publishDueReleases(getDb(), options) };
}
