import { getSettings } from "~/features/content/read.server";
import type { Database } from "~/platform/db.server";
import { startJobs, type Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { sendContactNotification, sendOutboxMail } from "~/platform/mail.server";
import { deliverDueMails, onMailQueued, type SendMail } from "~/platform/mail-outbox.server";
import { deleteExpiredMessages, deliverDueNotifications, type SendNotification } from "./outbox.server";

export interface ContactWorkerOptions {
  db: Database;
  smtpUrl?: string;
  smtpFrom?: string;
  /** CONTACT_NOTIFY_TO; otherwise the site's `contact_email` setting. */
  notifyTo?: string;
  keepDays: number;
  publicUrl?: string;
  pollMs?: number;
  retentionEveryMs?: number;
}

let kick: (() => void) | undefined;

export const CONTACT_OUTBOX_JOB = "contact-outbox";

/** Asks the worker to look at the outbox now (a message was just stored), without waiting for it. */
export function kickContactOutbox() {
  kick?.();
}

export function notificationSender(
  options: Pick<ContactWorkerOptions, "smtpUrl" | "smtpFrom" | "notifyTo" | "publicUrl">,
): SendNotification {
  return async (message) => {
    const to = options.notifyTo ?? (await getSettings()).contact_email;
    if (!to) throw new Error("No recipient: set contact_email in the settings or CONTACT_NOTIFY_TO");
    await sendContactNotification({
      smtpUrl: options.smtpUrl!,
      from: options.smtpFrom,
      to,
      message,
      inboxUrl: options.publicUrl ? `${options.publicUrl}/admin/other/messages?open=${message.id}` : undefined,
    });
  };
}

/**
 * The background side of the contact form, as jobs of the shared scheduler: the notification
 * outbox (when SMTP is configured) and the deletion of messages past their retention. Work is
 * in the database, so a restart loses nothing and several servers share it.
 */
export function contactJobs(options: ContactWorkerOptions): Job[] {
  const send = options.smtpUrl ? notificationSender(options) : undefined;
  const jobs: Job[] = [
    {
      name: "contact-retention",
      everyMs: options.retentionEveryMs ?? 60 * 60 * 1000,
      firstAfterMs: 0,
      run: async () => {
        const deleted = await deleteExpiredMessages(options.db, options.keepDays);
        if (deleted > 0) logger.info({ deleted, keepDays: options.keepDays }, "old contact messages deleted");
      },
    },
  ];
  // The site's other mails (password resets) share the outbox job and its retries.
  const sendMail: SendMail | undefined = options.smtpUrl
    ? (mail) => sendOutboxMail({ smtpUrl: options.smtpUrl!, from: options.smtpFrom, ...mail })
    : undefined;
  if (send && sendMail)
    jobs.push({
      name: CONTACT_OUTBOX_JOB,
      everyMs: options.pollMs ?? 15_000,
      firstAfterMs: 0,
      run: async () => {
        await deliverDueNotifications(options.db, send);
        await deliverDueMails(options.db, sendMail);
      },
    });
  return jobs;
}

/** Lets kickContactOutbox reach the scheduler that runs the outbox (undefined: none). */
export function setContactOutboxKick(next: (() => void) | undefined) {
  kick = next;
  onMailQueued(next);
}

/** The contact jobs on a scheduler of their own (tests); the site runs them on the shared one. */
export function startContactWorker(options: ContactWorkerOptions) {
  const scheduler = startJobs(contactJobs(options));
  setContactOutboxKick(() => scheduler.kick(CONTACT_OUTBOX_JOB));
  return async () => {
    setContactOutboxKick(undefined);
    await scheduler.stop();
  };
}
