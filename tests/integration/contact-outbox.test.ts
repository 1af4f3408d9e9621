import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, pageContent } from "~/db/schema";
import { clearContentCache } from "~/features/content/read.server";
import {
  CLAIM_LEASE_MS,
  claimDueNotifications,
  deleteExpiredMessages,
  deliverDueNotifications,
  NOTIFY_MAX_ATTEMPTS,
  notifyBackoffMs,
} from "~/features/contact/outbox.server";
import { notificationSender, startContactWorker } from "~/features/contact/worker.server";
import { startFakeSmtp } from "../support/fake-smtp";
import { onBothDatabases, useTestApp } from "../support/test-database";

const DAY = 24 * 60 * 60 * 1000;

describe.each(onBothDatabases)("the contact notification outbox on %s", (kind) => {
  const app = useTestApp(kind);
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let smtpUrl: string;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    await app.handle.db.delete(contactMessages);
    smtp.messages.length = 0;
    smtp.state.failing = false;
  });

  const queue = async (overrides: Partial<typeof contactMessages.$inferInsert> = {}) => {
    const [row] = await app.handle.db
      .insert(contactMessages)
      .values({
        name: "Ada\nBcc: victim@example.com",
        email: "ada@example.com",
        subject: "Technical Support",
        message: "The app crashes.",
        clientHash: "hash",
        notifyStatus: "pending",
        notifyNextAt: new Date(),
        ...overrides,
      })
      .returning();
    return row!;
  };
  const rowOf = async (id: number) => (await app.handle.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

  it("mails a new message to CONTACT_NOTIFY_TO, replying to the visitor, and marks it sent", async () => {
    const message = await queue();
    const send = notificationSender({
      smtpUrl,
      notifyTo: "team@valora.example",
      smtpFrom: "site@valora.example",
      publicUrl: "https://site.example",
    });
    expect(await deliverDueNotifications(app.handle.db, send)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail).toMatch(/^To: team@valora\.example$/m);
    expect(mail).toMatch(/^Reply-To: .*ada@example\.com/m);
    expect(mail).toMatch(/^Subject: \[Contact\] Technical Support: Ada Bcc: victim@example\.com$/m);
    expect(mail).not.toMatch(/^Bcc:/m);
    expect(mail).toContain("The app crashes.");
    expect(mail).toContain(`https://site.example/admin/other/messages?open=${message.id}`);
    expect(await rowOf(message.id)).toMatchObject({ notifyStatus: "sent", notifyAttempts: 1, notifyError: null, notifyNextAt: null });
    // Nothing is sent twice.
    expect(await deliverDueNotifications(app.handle.db, send)).toEqual({ sent: 0, failed: 0 });
  });

  it("falls back to the site's contact_email setting", async () => {
    await app.handle.db
      .insert(pageContent)
      .values({ pageName: "global", sectionName: "contact_email", contentValue: "office@valora.example" });
    clearContentCache();
    await queue();
    await deliverDueNotifications(app.handle.db, notificationSender({ smtpUrl }));
    expect(smtp.messages[0]).toMatch(/^To: office@valora\.example$/m);
    await app.handle.db.delete(pageContent);
    clearContentCache();
  });

  it("retries a refused mail with growing waits, shows the reason, and gives up after the last try", async () => {
    smtp.state.failing = true;
    const message = await queue();
    const send = notificationSender({ smtpUrl, notifyTo: "team@valora.example" });
    let now = new Date();
    for (let attempt = 1; attempt <= NOTIFY_MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueNotifications(app.handle.db, send, now)).toEqual({ sent: 0, failed: 1 });
      const row = await rowOf(message.id);
      expect(row.notifyAttempts).toBe(attempt);
      expect(row.notifyError).toMatch(/451|temporarily unavailable/i);
      if (attempt < NOTIFY_MAX_ATTEMPTS) {
        expect(row.notifyStatus).toBe("pending");
        expect(row.notifyNextAt!.getTime() - now.getTime()).toBe(notifyBackoffMs(attempt));
        // Not due before its wait is over.
        expect(await deliverDueNotifications(app.handle.db, send, new Date(row.notifyNextAt!.getTime() - 1))).toEqual({
          sent: 0,
          failed: 0,
        });
        now = row.notifyNextAt!;
      } else {
        expect(row).toMatchObject({ notifyStatus: "failed", notifyNextAt: null });
      }
    }
    expect(smtp.state.refused).toBe(NOTIFY_MAX_ATTEMPTS);
    expect([notifyBackoffMs(1), notifyBackoffMs(2), notifyBackoffMs(5)]).toEqual([60_000, 120_000, 960_000]);
  });

  it("recovers when the mail server comes back", async () => {
    smtp.state.failing = true;
    const message = await queue();
    const send = notificationSender({ smtpUrl, notifyTo: "team@valora.example" });
    await deliverDueNotifications(app.handle.db, send);
    smtp.state.failing = false;
    await deliverDueNotifications(app.handle.db, send, new Date(Date.now() + notifyBackoffMs(1)));
    expect(await rowOf(message.id)).toMatchObject({ notifyStatus: "sent", notifyAttempts: 2, notifyError: null });
    expect(smtp.messages).toHaveLength(1);
  });

  it("lets one poller claim each due message, and another take it over when the lease runs out", async () => {
    await Promise.all([queue(), queue(), queue()]);
    const now = new Date(Date.now() + 1_000);
    const [first, second] = await Promise.all([claimDueNotifications(app.handle.db, now), claimDueNotifications(app.handle.db, now)]);
    expect(first!.length + second!.length).toBe(3);
    expect(new Set([...first!, ...second!].map((row) => row.id)).size).toBe(3);
    expect(await claimDueNotifications(app.handle.db, new Date(now.getTime() + CLAIM_LEASE_MS - 1))).toEqual([]);
    expect(await claimDueNotifications(app.handle.db, new Date(now.getTime() + CLAIM_LEASE_MS))).toHaveLength(3);
  });

  it("leaves messages without a notification alone", async () => {
    await queue({ notifyStatus: "none", notifyNextAt: null });
    expect(await deliverDueNotifications(app.handle.db, notificationSender({ smtpUrl, notifyTo: "t@x.example" }))).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it("deletes messages older than the retention period", async () => {
    const now = new Date();
    const old = await queue({ createdAt: new Date(now.getTime() - 31 * DAY), notifyStatus: "none" });
    const recent = await queue({ createdAt: new Date(now.getTime() - 29 * DAY), notifyStatus: "none" });
    expect(await deleteExpiredMessages(app.handle.db, 30, now)).toBe(1);
    const left = (await app.handle.db.select({ id: contactMessages.id }).from(contactMessages)).map((row) => row.id);
    expect(left).toEqual([recent.id]);
    expect(left).not.toContain(old.id);
  });

  it("runs in the background: mails what is due and deletes what has expired", async () => {
    const due = await queue();
    const expired = await queue({ createdAt: new Date(Date.now() - 400 * DAY), notifyStatus: "none" });
    const stop = startContactWorker({ db: app.handle.db, smtpUrl, notifyTo: "team@valora.example", keepDays: 365, pollMs: 50 });
    try {
      await expect.poll(async () => (await rowOf(due.id)).notifyStatus, { timeout: 5_000 }).toBe("sent");
      await expect
        .poll(async () => (await app.handle.db.select().from(contactMessages).where(eq(contactMessages.id, expired.id))).length)
        .toBe(0);
    } finally {
      await stop();
    }
  });
});
