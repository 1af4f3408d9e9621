import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, user } from "~/db/schema";
import { createAuth, setAuth } from "~/features/auth/auth.server";
import { startContactWorker } from "~/features/contact/worker.server";
import { deliverDueMails, NOTIFY_MAX_ATTEMPTS } from "~/platform/mail-outbox.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as adminAction } from "~/routes/admin";
import { action as authAction } from "~/routes/api.auth.$";
import { startFakeSmtp } from "../support/fake-smtp";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const RELAY_MS = 4_000;

const forgot = async (email: string) => {
  const started = performance.now();
  const answer = await callRoute(adminAction as never, postForm("/admin", { intent: "forgot", email }));
  return { answer, ms: performance.now() - started };
};

const resetThroughApi = (email: string, ip: string) => {
  const request = siteRequest("/api/auth/request-password-reset", {
    method: "POST",
    body: JSON.stringify({ email, redirectTo: "/admin" }),
    headers: { "content-type": "application/json", "x-client-ip": ip },
  });
  return authAction({ request, params: {}, context: { nonce: "" } } as never) as Promise<Response>;
};

// Reset mails leave through the mail outbox after the answer: an address with an account and one
// without take the same time however slow the mail server is, and a failed send is retried.
describe.each(onEmbeddedDatabase)("password reset mails on %s", (kind) => {
  const app = useTestApp(kind);
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ delayMs: RELAY_MS });
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    setAuth(
      createAuth({
        db: app.handle.db,
        secret: "reset-test-secret-".padEnd(40, "x"),
        port: 3000,
        smtpUrl,
        publicUrl: "https://site.example",
      }),
    );
    // The account is made before mail is on (no confirmation step).
    await signUpAndGetCookie(app.auth, "admin@example.com");
    stopWorker = startContactWorker({ db: app.handle.db, smtpUrl, keepDays: 365, pollMs: 60_000 });
  });
  afterAll(async () => {
    await stopWorker();
    setAuth(app.auth);
    await smtp.close();
  });
  beforeEach(async () => {
    await resetRateLimits();
    await app.handle.db.delete(mailOutbox);
    smtp.messages.length = 0;
    smtp.state.failing = false;
  });

  it("answers as fast for an address with an account as for one without, and mails the link after", async () => {
    await forgot("warm-up@example.com");
    const existing = await forgot("admin@example.com");
    const unknown = await forgot("nobody@example.com");
    expect(existing.answer.body).toEqual(unknown.answer.body);
    expect(existing.answer.status).toBe(unknown.answer.status);
    // The relay takes 4 s per message: neither answer waited for it (the margins are for a busy machine).
    expect(existing.ms).toBeLessThan(1_500);
    expect(unknown.ms).toBeLessThan(1_500);
    expect(Math.abs(existing.ms - unknown.ms)).toBeLessThan(1_000);
    // The link is kept sealed while it waits, and the mail goes out without anyone waiting.
    const [queued] = await app.handle.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ kind: "password-reset", recipient: "admin@example.com" });
    expect(queued!.sealedText).not.toContain("reset=");
    await expect.poll(() => smtp.messages.length, { timeout: RELAY_MS * 3 }).toBe(1);
    expect(smtp.messages[0]).toContain("admin@example.com");
    expect(bodyOf(smtp.messages[0]!)).toMatch(/https:\/\/site\.example\/admin\?reset=\S+/);
    await expect.poll(async () => (await app.handle.db.select().from(mailOutbox))[0]!.status).toBe("sent");
    expect((await app.handle.db.select().from(mailOutbox))[0]!.sealedText).toBe("");
  });

  it("retries a send the mail server refused, with the outbox's backoff, and gives up after the last try", async () => {
    smtp.state.failing = true;
    await stopWorker();
    await forgot("admin@example.com");
    const now = new Date(Date.now() + 1000);
    expect(await deliverDueMails(app.handle.db, failingSend, now)).toEqual({ sent: 0, failed: 1 });
    const [row] = await app.handle.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.nextAt!.getTime()).toBe(now.getTime() + 60_000);
    for (let attempt = 2; attempt <= NOTIFY_MAX_ATTEMPTS; attempt++) {
      await deliverDueMails(app.handle.db, failingSend, new Date(now.getTime() + attempt * 3_600_000));
    }
    expect((await app.handle.db.select().from(mailOutbox))[0]).toMatchObject({ status: "failed", sealedText: "" });
    stopWorker = startContactWorker({ db: app.handle.db, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, keepDays: 365, pollMs: 60_000 });
  });

  it("queues no more reset mails than the sign-in limit lets through, per client and per account", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt++) statuses.push((await resetThroughApi("admin@example.com", "10.9.0.1")).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(app.env.AUTH_RATE_LIMIT);
    expect(statuses.slice(app.env.AUTH_RATE_LIMIT).every((status) => status === 429)).toBe(true);
    expect(await app.handle.db.select().from(mailOutbox)).toHaveLength(app.env.AUTH_RATE_LIMIT);
    expect(await app.handle.db.select().from(user)).toHaveLength(1);
  });
});

const failingSend = () => Promise.reject(new Error("451 Mailbox temporarily unavailable"));

/** The text of a captured plain-text mail (nodemailer sends Cyrillic text as base64). */
const bodyOf = (message: string) => Buffer.from(message.slice(message.indexOf("\n\n") + 2).replace(/\s+/g, ""), "base64").toString("utf8");
