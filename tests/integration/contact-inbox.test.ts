import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageIntents } from "~/features/contact/intents";
import { activityEvents, contactMessages } from "~/db/schema";
import * as adminLayout from "~/routes/admin";
import * as csvRoute from "~/routes/admin.messages[.]csv";
import * as inboxRoute from "~/routes/admin.other.messages";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const MINUTE = 60_000;

describe.each(onEmbeddedDatabase)("the contact inbox on %s", (kind) => {
  const app = useTestApp(kind, { SMTP_URL: "smtp://127.0.0.1:2525", PUBLIC_URL: "http://localhost:3000" });
  let admin: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  beforeEach(async () => {
    const db = app.handle.db;
    await db.delete(contactMessages);
    await db.delete(activityEvents);
    const now = Date.now();
    const base = { clientHash: "h", language: "en" };
    const rows = await db
      .insert(contactMessages)
      .values([
        {
          ...base,
          name: "Old Olga",
          email: "olga@example.com",
          subject: "General Inquiry",
          message: "Hello from last week",
          createdAt: new Date(now - 3 * MINUTE),
          isRead: true,
        },
        {
          ...base,
          name: "Ben",
          email: "ben@example.com",
          subject: "Payment Problems",
          message: "100% lost_transfer",
          createdAt: new Date(now - 2 * MINUTE),
          notifyStatus: "failed",
          notifyAttempts: 6,
          notifyError: "451 busy",
        },
        {
          ...base,
          name: "=cmd|' /C calc'!A0",
          email: "eve@example.com",
          subject: "Payment Problems",
          message: '+SUM(1)\n"quoted", text',
          createdAt: new Date(now - MINUTE),
        },
      ])
      .returning({ id: contactMessages.id, name: contactMessages.name });
    ids = { olga: rows[0]!.id, ben: rows[1]!.id, eve: rows[2]!.id };
  });

  const inbox = (query = "") => callRoute(inboxRoute.loader as never, siteRequest(`/admin/other/messages${query}`, { cookie: admin }));
  const act = (fields: Record<string, string | number>) =>
    callRoute(inboxRoute.action as never, postForm("/admin/other/messages", fields, admin));
  const rowOf = async (id: number) => (await app.handle.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

  it("lists newest first, never with the address hash, and uncached", async () => {
    const answer = await inbox();
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.messages.map((message: { id: number }) => message.id)).toEqual([ids.eve, ids.ben, ids.olga]);
    expect(answer.body.total).toBe(3);
    expect(answer.body.messages[0]).not.toHaveProperty("clientHash");
    expect(answer.body.mailConfigured).toBe(true);
  });

  it("filters by subject and searches name, e-mail and text, taking % and _ literally", async () => {
    const ids_ = async (query: string) => (await inbox(query)).body.messages.map((message: { id: number }) => message.id);
    expect(await ids_("?subject=Payment+Problems")).toEqual([ids.eve, ids.ben]);
    expect(await ids_("?q=olga")).toEqual([ids.olga]);
    expect(await ids_("?q=LAST+WEEK")).toEqual([ids.olga]);
    expect(await ids_("?q=100%25")).toEqual([ids.ben]);
    expect(await ids_("?q=_")).toEqual([ids.ben]);
    expect(await ids_("?subject=Payment+Problems&q=ben")).toEqual([ids.ben]);
    // An unknown subject is ignored rather than refused.
    expect(await ids_("?subject=Other")).toHaveLength(3);
  });

  it("shows the unread count on the dashboard, and marks read and unread", async () => {
    const unread = async () => (await callRoute(adminLayout.loader as never, siteRequest("/admin", { cookie: admin }))).body.unreadMessages;
    expect(await unread()).toBe(2);
    expect(await act({ intent: messageIntents.setRead, id: ids.eve!, read: "true" })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await rowOf(ids.eve!))!.isRead).toBe(true);
    expect(await unread()).toBe(1);
    await act({ intent: messageIntents.setRead, id: ids.olga!, read: "false" });
    expect(await unread()).toBe(2);
    const kinds = (await app.handle.db.select().from(activityEvents)).map((event) => [event.kind, event.target, event.userEmail]);
    expect(kinds).toEqual([
      ["messages.mark_read", String(ids.eve), "admin@example.com"],
      ["messages.mark_unread", String(ids.olga), "admin@example.com"],
    ]);
  });

  it("deletes a message and logs it; refuses bad input with 4xx", async () => {
    expect(await act({ intent: messageIntents.delete, id: ids.ben! })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await rowOf(ids.ben!)).toBeUndefined();
    const [event] = await app.handle.db.select().from(activityEvents);
    expect(event).toMatchObject({
      kind: "messages.delete",
      area: "messages",
      target: String(ids.ben),
      details: { subject: "Payment Problems" },
    });
    expect(await act({ intent: messageIntents.delete, id: ids.ben! })).toMatchObject({
      status: 404,
      body: { message: "Сообщение не найдено" },
    });
    for (const fields of <Record<string, string | number>[]>[
      { intent: messageIntents.delete, id: "abc" },
      { intent: messageIntents.delete, id: "-1" },
      { intent: messageIntents.delete, id: "99999999999" },
      { intent: messageIntents.setRead, id: ids.eve!, read: "maybe" },
      { intent: "unknown" },
      {},
    ]) {
      const answer = await act(fields);
      expect({ fields, status: answer.status >= 400 && answer.status < 500 }).toEqual({ fields, status: true });
    }
    expect(await app.handle.db.select().from(contactMessages)).toHaveLength(2);
  });

  it("queues a failed notification again", async () => {
    expect(await act({ intent: messageIntents.retry, id: ids.ben! })).toMatchObject({ status: 200 });
    expect(await rowOf(ids.ben!)).toMatchObject({ notifyStatus: "pending", notifyAttempts: 0, notifyError: null });
  });

  it("exports the filtered inbox as CSV with formulas neutralised", async () => {
    const answer = await callRoute(
      csvRoute.loader as never,
      siteRequest("/admin/messages.csv?subject=Payment+Problems", { cookie: admin }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = (answer.body as string).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,name,email,subject,message,language,read,notification,notification_error");
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ids.eve},[^,]+,'=cmd\\|' /C calc'!A0,eve@example\\.com,Payment Problems,"'\\+SUM\\(1\\)\\n""quoted"", text",en,false,none,$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^${ids.ben},.*,failed,451 busy$`));
    expect(lines).toHaveLength(3);
    expect((await app.handle.db.select().from(activityEvents))[0]).toMatchObject({ kind: "messages.export", details: { count: 2 } });
  });
});
