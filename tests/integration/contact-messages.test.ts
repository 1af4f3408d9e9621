import { asc, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { CONTACT_RATE_LIMIT, receiveContactMessage } from "~/features/contact/receive.server";
import { createStamp, hashClientAddress, MIN_FILL_MS, STAMP_COOKIE, STAMP_MAX_AGE_MS } from "~/platform/hmac.server";
import * as contactRoute from "~/routes/_public.contact";
import * as stampRoute from "~/routes/contact-stamp";
import { siteRequest, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute } from "../support/admin-routes";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Payment Problems",
  message: "My transfer has not arrived.",
  language: "en",
};
/** A stamp the page would have set this long ago. */
const stampFrom = (agoMs: number) => createStamp(Date.now() - agoMs);

function post(fields: Record<string, string>, options: { stamp?: string | null; ip?: string } = {}) {
  const stamp = options.stamp === undefined ? stampFrom(10_000) : options.stamp;
  return siteRequest("/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "x-client-ip": options.ip ?? "203.0.113.7", ...(stamp ? { cookie: `theme=x; ${STAMP_COOKIE}=${stamp}` } : {}) },
  });
}
const send = (fields: Record<string, string>, options?: Parameters<typeof post>[1]) =>
  callRoute(contactRoute.action as never, post(fields, options));

describe.each(onBothDatabases)("the contact form's messages on %s", (kind) => {
  const app = useTestApp(kind);
  const stored = () => app.handle.db.select().from(contactMessages).orderBy(asc(contactMessages.id));
  beforeEach(async () => {
    await app.handle.db.delete(contactMessages);
  });

  it("stores a valid message before answering with success, with only a hash of the address", async () => {
    const answer = await send(valid);
    expect(answer).toMatchObject({ status: 200, body: { status: "sent" } });
    const [row, ...others] = await stored();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ ...valid, isRead: false, notifyStatus: "none", notifyAttempts: 0 });
    expect(row!.clientHash).toBe(hashClientAddress("203.0.113.7"));
    expect(JSON.stringify(row)).not.toContain("203.0.113.7");
  });

  it("refuses each invalid field with its message, stores nothing and hands back what was typed", async () => {
    const typed = { name: " ", email: "not-an-address", subject: "Other", message: "" };
    const answer = await send(typed);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: "invalid",
      errors: {
        name: "Please enter your name",
        email: "Please enter a valid email address",
        subject: "Please choose a subject",
        message: "Please enter a message",
      },
      values: typed,
    });
    const tooLong = await send({ ...valid, name: "n".repeat(101), email: `${"e".repeat(250)}@x.io`, message: "m".repeat(5001) });
    expect(tooLong.body.errors).toEqual({ name: "Name too long", email: "Email too long", message: "Message too long" });
    expect(await stored()).toEqual([]);
  });

  it("counts links in the name and message and refuses more than three", async () => {
    const links = (count: number) => Array.from({ length: count }, (_, index) => `https://spam${index}.example`).join(" ");
    expect((await send({ ...valid, message: `See ${links(3)}` })).status).toBe(200);
    const answer = await send({ ...valid, name: "www.cheap.example", message: `See ${links(3)}` });
    expect(answer).toMatchObject({ status: 400, body: { errors: { message: "Please include at most 3 links" } } });
    expect(await stored()).toHaveLength(1);
  });

  it("answers spam as if sent and keeps nothing: honeypot, missing, forged, early and stale stamps", async () => {
    const spam = [
      send({ ...valid, website: "http://spam.example" }),
      send(valid, { stamp: null }),
      send(valid, { stamp: `${Date.now() - 60_000}.${"A".repeat(43)}` }),
      send(valid, { stamp: "garbage" }),
      send(valid, { stamp: stampFrom(MIN_FILL_MS - 1_000) }),
      send(valid, { stamp: stampFrom(STAMP_MAX_AGE_MS + 60_000) }),
    ];
    for (const answer of await Promise.all(spam)) expect(answer).toMatchObject({ status: 200, body: { status: "sent" } });
    expect(await stored()).toEqual([]);
  });

  it("takes five messages per client in ten minutes, counted in the database, then answers with the error text", async () => {
    const now = Date.now();
    const receive = (ip: string, at: number) =>
      receiveContactMessage(app.handle.db, { form: valid, clientAddress: ip, stamp: createStamp(at - 5_000), notify: false, now: at });
    // Posted at once, as a script would: the lock lets exactly five through.
    const burst = await Promise.all(Array.from({ length: 7 }, () => receive("198.51.100.1", now)));
    expect(burst.filter((outcome) => outcome.kind === "stored")).toHaveLength(CONTACT_RATE_LIMIT.messages);
    expect(burst.filter((outcome) => outcome.kind === "limited")).toHaveLength(2);
    expect((await receive("198.51.100.2", now)).kind).toBe("stored");
    expect((await receive("198.51.100.1", now + CONTACT_RATE_LIMIT.windowMs - 1_000)).kind).toBe("limited");
    expect((await receive("198.51.100.1", now + CONTACT_RATE_LIMIT.windowMs + 1_000)).kind).toBe("stored");

    for (let index = 0; index < 5; index += 1) await send(valid, { ip: "192.0.2.9" });
    const limited = await send(valid, { ip: "192.0.2.9" });
    expect(limited).toMatchObject({ status: 429, body: { status: "failed", values: { name: valid.name, message: valid.message } } });
  });

  it("answers the error text with what was typed when the message cannot be stored", async () => {
    await app.handle.db.execute(sql`alter table contact_messages rename to contact_messages_away`);
    try {
      const answer = await send(valid);
      expect(answer).toMatchObject({
        status: 500,
        body: { status: "failed", values: { name: valid.name, email: valid.email, subject: valid.subject, message: valid.message } },
      });
    } finally {
      await app.handle.db.execute(sql`alter table contact_messages_away rename to contact_messages`);
    }
    expect(await stored()).toEqual([]);
  });

  it("sets a signed, uncached fill-time stamp from its image", async () => {
    const before = Date.now();
    const response = (await stampRoute.loader()) as Response;
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${STAMP_COOKIE}=\\d+\\.[\\w-]{43}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax$`));
    const issued = Number(/=(\d+)\./.exec(cookie)![1]);
    expect(issued).toBeGreaterThanOrEqual(before);
    // The stamp it set is refused until a person could have filled the form in.
    expect((await send(valid, { stamp: cookie.split(";")[0]!.split("=")[1] })).body).toEqual({ status: "sent" });
    expect(await stored()).toEqual([]);
  });
});

describe.each(onBothDatabases)("with SMTP configured on %s", (kind) => {
  const app = useTestApp(kind, { SMTP_URL: "smtp://127.0.0.1:2525", PUBLIC_URL: "https://site.example" });

  it("queues a notification with the stored message, due at once", async () => {
    expect((await send(valid)).status).toBe(200);
    const [row] = await app.handle.db.select().from(contactMessages);
    expect(row).toMatchObject({ notifyStatus: "pending", notifyAttempts: 0 });
    expect(Math.abs(row!.notifyNextAt!.getTime() - Date.now())).toBeLessThan(5_000);
  });
});
