// Comments on releases in the activity log and in the mail of the release's authors (issue 44
// item 4): queued in the outbox with the comment, sent through the site's mail code to an SMTP server.
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents, mailOutbox } from "~/db/schema";
import { deliverDueMails } from "~/platform/mail-outbox.server";
import { sendOutboxMail } from "~/platform/mail.server";
import { startFakeSmtp } from "../support/fake-smtp";
import { useReleasePeople } from "../support/release-people";
import { onBothDatabases, ORIGIN, useTestApp } from "../support/test-database";

const smtp = await startFakeSmtp();

describe.each(onBothDatabases)("mails and log lines of release comments on %s", (kind) => {
  const app = useTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: ORIGIN });
  const { client, comment, resolve, stagedRelease } = useReleasePeople(app);
  const deliver = () =>
    deliverDueMails(app.handle.db, (mail) => sendOutboxMail({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, ...mail }), new Date(), 50);
  beforeEach(() => {
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    if (kind === onBothDatabases.at(-1)) await smtp.close();
  });

  it("mails each comment to the release's authors (its creator and whoever staged into it), not to the commenter", async () => {
    await app.handle.db.delete(mailOutbox);
    const id = await stagedRelease("Письма авторам");
    // A second author stages into the same release: they are one of its authors now.
    const second = client("author2");
    await second.open(id);
    expect((await second.content("home", "hero_title", "Second author's hero")).status).toBe(200);
    await second.goLive();

    expect((await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Please check the tone" })).status).toBe(200);
    const queued = await app.handle.db.select().from(mailOutbox).orderBy(asc(mailOutbox.recipient));
    expect(queued.map((mail) => [mail.kind, mail.recipient, mail.subject])).toEqual([
      ["release-comment", "author2@example.com", "Comment on the release “Письма авторам”"],
      ["release-comment", "author@example.com", "Комментарий к выпуску «Письма авторам»"],
    ]);
    // The text is sealed while it waits, as every outbox mail is.
    expect(queued[0]!.sealedText).not.toContain("Please check the tone");
    expect(await deliver()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
    const russian = smtp.messages.find((message) => message.includes("To: author@example.com"))!;
    const body = decodeBody(russian);
    expect(body).toContain("reviewer@example.com оставляет комментарий к выпуску «Письма авторам».");
    expect(body).toContain("Изменение: home/hero_title");
    expect(body).toContain("Please check the tone");
    expect(body).toContain(`${ORIGIN}/admin/other/releases/${id}`);

    // An author's own comment goes to the other author only; a send back to both.
    await app.handle.db.delete(mailOutbox);
    expect((await comment("author", id, { comment: "Fixed" })).status).toBe(200);
    expect((await app.handle.db.select().from(mailOutbox)).map((mail) => mail.recipient)).toEqual(["author2@example.com"]);
    expect((await client("author").release(id, { intent: "submit-release" })).status).toBe(200);
    await app.handle.db.delete(mailOutbox);
    expect((await client("reviewer").release(id, { intent: "send-back-release", comment: "Still too long" })).status).toBe(200);
    const sentBack = await app.handle.db.select().from(mailOutbox).orderBy(asc(mailOutbox.recipient));
    expect(sentBack.map((mail) => mail.subject)).toEqual([
      "The release “Письма авторам” was sent back",
      "Выпуск «Письма авторам» возвращён на доработку",
    ]);
    smtp.messages.length = 0;
    expect(await deliver()).toEqual({ sent: 2, failed: 0 });
    expect(decodeBody(smtp.messages.find((message) => message.includes("To: author2@example.com"))!)).toContain(
      "reviewer@example.com sent the release “Письма авторам” back for changes.",
    );
  });

  it("writes comments, send backs and resolutions into the activity log", async () => {
    const id = await stagedRelease("Журнал");
    await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Logged remark" });
    await resolve("author", id, "home/hero_title");
    await client("reviewer").release(id, { intent: "send-back-release", comment: "Logged send back" });
    const events = await app.handle.db
      .select()
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.target, String(id)),
          inArray(activityEvents.kind, ["release.comment", "release.comment_resolve", "release.send_back"]),
        ),
      )
      .orderBy(asc(activityEvents.id));
    expect(events.map((event) => [event.kind, event.userEmail, event.area])).toEqual([
      ["release.comment", "reviewer@example.com", "releases"],
      ["release.comment_resolve", "author@example.com", "releases"],
      ["release.send_back", "reviewer@example.com", "releases"],
    ]);
    expect(events[0]!.details).toMatchObject({ name: "Журнал", change: "home/hero_title", comment: "Logged remark", mailed: 1 });
    expect(events[1]!.details).toMatchObject({ change: "home/hero_title", comments: 1 });
    expect(events[2]!.details).toMatchObject({ comment: "Logged send back", commentId: expect.any(Number), mailed: 1 });
  });
});

/** A mail's text body, decoded from base64 or quoted-printable as nodemailer sent it. */
function decodeBody(raw: string) {
  const [headers, ...rest] = raw.split("\n\n");
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(headers!)) return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers!))
    return Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}
