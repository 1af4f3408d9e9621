import { getSettings } from "~/features/content/read.server";
import type { Database } from "~/platform/db.server";
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
 * The background side of the contact form, in every server: polls the notification outbox
 * (when SMTP is configured) and deletes messages past their retention. Work is in the
 * database, so a restart loses nothing and several servers share it.
 */
export function startContactWorker(options: ContactWorkerOptions) {
  const send = options.smtpUrl ? notificationSender(options) : undefined;
  // The site's other mails (password resets) share the worker and its retries.
  const sendMail: SendMail | undefined = options.smtpUrl
    ? (mail) => sendOutboxMail({ smtpUrl: options.smtpUrl!, from: options.smtpFrom, ...mail })
    : undefined;
  const retentionEveryMs = options.retentionEveryMs ?? 60 * 60 * 1000;
  let lastRetention = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function work() {
    if (send) await deliverDueNotifications(options.db, send);
    if (sendMail) await deliverDueMails(options.db, sendMail);
    if (Date.now() - lastRetention >= retentionEveryMs) {
      lastRetention = Date.now();
      const deleted = await deleteExpiredMessages(options.db, options.keepDays);
      if (deleted > 0) logger.info({ deleted, keepDays: options.keepDays }, "old contact messages deleted");
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = work()
      .catch((error: unknown) => logger.error({ err: error }, "contact worker failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setImmediate(tick);
        }
      });
  }

  const timer = setInterval(tick, options.pollMs ?? 15_000);
  timer.unref();
  kick = () => setImmediate(tick);
  onMailQueued(kick);
  setImmediate(tick);
  return async () => {
    stopped = true;
    clearInterval(timer);
    kick = undefined;
    onMailQueued(undefined);
    await running;
  };
}
