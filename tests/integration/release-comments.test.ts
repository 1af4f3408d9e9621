// Comments on releases (issue 44 item 4): who may comment (releases.comment, checked by the
// feature and not only the route), a thread per staged change and one for the release, "send
// back" only with a comment, the activity log, mails to the release's authors through the mail
// outbox, resolving a thread; and four eyes between people (item 3): an approver holds a role that
// may approve and neither created nor staged anything in the release (commenting does not count).
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents, adminUsers, mailOutbox, pageContent, releaseComments, releases, user } from "~/db/schema";
import { ru } from "~/features/admin-i18n/catalogue/ru";
import { addComment, resolveThread } from "~/features/releases/comments/comments.server";
import { commentMessages } from "~/features/releases/comments/schema";
import { releaseMessages } from "~/features/releases/messages";
import { FOUR_EYES, setPolicy } from "~/features/releases/policies.server";
import { assertPublishable, reviewRelease } from "~/features/releases/releases.server";
import { deliverDueMails } from "~/platform/mail-outbox.server";
import { sendOutboxMail } from "~/platform/mail.server";
import type { Person } from "~/platform/person";
import { isRefusal } from "~/platform/refusal";
import { startFakeSmtp } from "../support/fake-smtp";
import { releaseClient } from "../support/releases";
import { onBothDatabases, ORIGIN, signUpAndGetCookie, useTestApp, type TestApp } from "../support/test-database";

const ROLES = ["author", "author2", "reviewer", "publisher", "analyst"] as const;
type Who = "administrator" | (typeof ROLES)[number];
const roleOf: Record<Who, string> = {
  administrator: "administrator",
  author: "author",
  author2: "author",
  reviewer: "reviewer",
  publisher: "publisher",
  analyst: "analyst",
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isRefusal(error) ? { status: error.status, message: error.message } : error),
  );

/** Every row the comments could have touched: compared before and after a refused write. */
async function commentState(app: TestApp) {
  const db = app.handle.db;
  return {
    comments: await db.select().from(releaseComments).orderBy(asc(releaseComments.id)),
    releases: await db.select().from(releases).orderBy(asc(releases.id)),
    events: (await db.select({ id: activityEvents.id }).from(activityEvents)).length,
    mails: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
  };
}

const smtp = await startFakeSmtp();

describe.each(onBothDatabases)("comments on releases on %s", (kind) => {
  const app = useTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: ORIGIN });
  const cookies = {} as Record<Who, string>;
  const people = {} as Record<Who, Person>;
  const client = (who: Who) => releaseClient(app, () => cookies[who]);
  const comment = (who: Who, id: number, fields: Record<string, string>) =>
    client(who).release(id, { intent: "comment-release", ...fields });
  const resolve = (who: Who, id: number, changeKey?: string) =>
    client(who).release(id, { intent: "resolve-release-thread", ...(changeKey ? { changeKey } : {}) });
  const view = async (who: Who, id: number) => (await client(who).view(id)).body.release;
  const deliver = () =>
    deliverDueMails(app.handle.db, (mail) => sendOutboxMail({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, ...mail }), new Date(), 50);

  /** A release the author created and staged the hero into, submitted for review. */
  async function stagedRelease(name: string, who: Who = "author") {
    const as = client(who);
    const id = await as.create(name);
    expect((await as.content("home", "hero_title", `${name}: hero`)).status).toBe(200);
    expect((await as.release(id, { intent: "submit-release" })).status).toBe(200);
    await as.goLive();
    return id;
  }

  beforeAll(async () => {
    cookies.administrator = await signUpAndGetCookie(app.auth, "administrator@example.com");
    for (const who of ROLES) {
      cookies[who] = await signUpAndGetCookie(app.auth, `${who}@example.com`);
      const [row] = await app.handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${who}@example.com`));
      await app.handle.db
        .insert(adminUsers)
        .values({ userId: row!.id, role: roleOf[who] as never })
        .onConflictDoUpdate({ target: adminUsers.userId, set: { role: roleOf[who] as never } });
    }
    for (const who of ["administrator", ...ROLES] as Who[]) {
      const [row] = await app.handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${who}@example.com`));
      people[who] = { id: row!.id, email: `${who}@example.com`, role: roleOf[who] };
    }
    // The second author reads the dashboard in English: their mails are in English too.
    await app.handle.db.update(user).set({ adminLanguage: "en" }).where(eq(user.email, "author2@example.com"));
    await app.handle.db.insert(pageContent).values([{ pageName: "home", sectionName: "hero_title", contentValue: "Live hero" }]);
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    if (kind === onBothDatabases.at(-1)) await smtp.close();
  });

  it("lets reviewers, authors and publishers comment and refuses the analyst, in the route and in the feature", async () => {
    const id = await stagedRelease("Права комментариев");
    const before = await commentState(app);
    const analyst = await comment("analyst", id, { comment: "Analyst's remark" });
    expect(analyst.status).toBe(403);
    expect(await refusal(addComment(app.handle.db, id, people.analyst, { comment: "Straight to the feature" }))).toMatchObject({
      status: 403,
      message: expect.stringContaining("Роль «Аналитик»"),
    });
    // A role without the permission, whatever the route did, is refused where the work is done.
    expect(await refusal(resolveThread(app.handle.db, id, people.analyst, null))).toMatchObject({ status: 403 });
    expect(await commentState(app)).toEqual(before);

    for (const who of ["reviewer", "author", "publisher", "administrator"] as Who[])
      expect((await comment(who, id, { comment: `${who} was here` })).status, who).toBe(200);
    const release = await view("reviewer", id);
    expect(release.discussion.canComment).toBe(true);
    // The release screen offers each role only its own actions.
    expect([release.viewerMayReview, release.viewerMay]).toEqual([true, { create: false, publish: false, undo: false }]);
    const authorView = await view("author", id);
    expect([authorView.viewerMayReview, authorView.viewerMay]).toEqual([false, { create: true, publish: false, undo: false }]);
    expect(release.discussion.threads).toHaveLength(1);
    expect(release.discussion.threads[0].changeKey).toBeNull();
    expect(release.discussion.threads[0].open.map((entry: { by: string }) => entry.by)).toEqual([
      "reviewer@example.com",
      "author@example.com",
      "publisher@example.com",
      "administrator@example.com",
    ]);
  });

  it("keeps a thread per staged change beside the release's, and refuses a change the release does not stage", async () => {
    const id = await stagedRelease("Обсуждение изменений");
    expect((await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Shorter, please" })).status).toBe(200);
    expect((await comment("author", id, { changeKey: "home/hero_title", comment: "Done, look again" })).status).toBe(200);
    expect((await comment("reviewer", id, { comment: "The release as a whole is fine" })).status).toBe(200);
    const before = await commentState(app);
    const missing = await comment("reviewer", id, { changeKey: "home/hero_subtitle", comment: "Not staged" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(commentMessages.changeNotStaged);
    const malformed = await comment("reviewer", id, { changeKey: "not a key", comment: "Bad key" });
    expect(malformed.status).toBe(400);
    expect(await commentState(app)).toEqual(before);

    const release = await view("author", id);
    const threads = release.discussion.threads.map((thread: { changeKey: string | null; open: { body: string }[] }) => [
      thread.changeKey,
      thread.open.map((entry) => entry.body),
    ]);
    expect(threads).toEqual([
      [null, ["The release as a whole is fine"]],
      ["home/hero_title", ["Shorter, please", "Done, look again"]],
    ]);
  });

  it("validates a comment: not empty, at most 2000 characters, kept as plain text without control characters", async () => {
    const id = await stagedRelease("Проверка текста");
    const before = await commentState(app);
    for (const [text, message] of [
      ["", commentMessages.bodyRequired],
      ["   \n\t ", commentMessages.bodyRequired],
      ["\u0000\u200B\u202E", commentMessages.bodyRequired],
      ["x".repeat(2001), commentMessages.bodyTooLong],
      ["x".repeat(200_001), commentMessages.bodyTooLong],
    ] as const) {
      const answer = await comment("reviewer", id, { comment: text });
      expect({ length: text.length, status: answer.status, message: answer.body.message }).toEqual({
        length: text.length,
        status: 400,
        message,
      });
    }
    expect((await client("reviewer").release(id, { intent: "comment-release" })).status).toBe(400);
    expect(await commentState(app)).toEqual(before);

    const markup = '<img src=x onerror="alert(1)">\r\nsecond\u202Eline\u0007';
    expect((await comment("reviewer", id, { comment: markup })).status).toBe(200);
    const [stored] = await app.handle.db.select().from(releaseComments).where(eq(releaseComments.releaseId, id));
    // Stored and shown as the text it is (the dashboard renders it as text, never as markup).
    expect(stored!.body).toBe('<img src=x onerror="alert(1)">\nsecondline');
    expect((await comment("reviewer", id, { comment: "x".repeat(2000) })).status).toBe(200);
  });

  it("refuses to send back without a comment and changes nothing; with one, the comment opens the release's thread", async () => {
    const id = await stagedRelease("Возврат без комментария");
    const before = await commentState(app);
    for (const fields of [{}, { comment: "" }, { comment: "  \n " }] as Record<string, string>[]) {
      const answer = await client("reviewer").release(id, { intent: "send-back-release", ...fields });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(commentMessages.sendBackRequired);
    }
    expect(await refusal(reviewRelease(app.handle.db, id, "send_back", people.reviewer))).toEqual({
      status: 400,
      message: commentMessages.sendBackRequired,
    });
    expect(await refusal(reviewRelease(app.handle.db, id, "send_back", people.reviewer, "  "))).toMatchObject({ status: 400 });
    expect(await commentState(app)).toEqual(before);
    expect((await view("reviewer", id)).state).toBe("in_review");

    const sent = await client("reviewer").release(id, { intent: "send-back-release", comment: "The hero is too long" });
    expect(sent.status).toBe(200);
    const release = await view("author", id);
    expect(release.state).toBe("draft");
    expect(release.reviewComment).toBe("The hero is too long");
    expect(release.discussion.threads[0]).toMatchObject({
      changeKey: null,
      open: [{ kind: "send_back", body: "The hero is too long", by: "reviewer@example.com" }],
    });
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

  it("folds a resolved thread away, keeps it to show, and opens it again with a new comment", async () => {
    const id = await stagedRelease("Решённые обсуждения");
    await comment("reviewer", id, { changeKey: "home/hero_title", comment: "First remark" });
    await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Second remark" });
    await comment("reviewer", id, { comment: "Release remark" });
    expect((await resolve("author", id, "home/hero_title")).status).toBe(200);
    let release = await view("author", id);
    const thread = (key: string | null) =>
      release.discussion.threads.find((entry: { changeKey: string | null }) => entry.changeKey === key);
    expect(thread("home/hero_title").open).toEqual([]);
    expect(thread("home/hero_title").resolved.map((entry: { body: string; resolvedBy: string }) => [entry.body, entry.resolvedBy])).toEqual(
      [
        ["First remark", "author@example.com"],
        ["Second remark", "author@example.com"],
      ],
    );
    // Only that thread: the release's stays open.
    expect(thread(null).open).toHaveLength(1);
    const before = await commentState(app);
    const again = await resolve("author", id, "home/hero_title");
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(commentMessages.threadNotFound);
    expect((await resolve("analyst", id)).status).toBe(403);
    expect(await commentState(app)).toEqual(before);

    await comment("reviewer", id, { changeKey: "home/hero_title", comment: "One more thing" });
    release = await view("author", id);
    expect(thread("home/hero_title").open.map((entry: { body: string }) => entry.body)).toEqual(["One more thing"]);
    expect(thread("home/hero_title").resolved).toHaveLength(2);
    expect((await resolve("reviewer", id)).status).toBe(200);
  });

  it("closes the discussion of a cancelled release", async () => {
    const id = await stagedRelease("Отменённый");
    expect((await client("publisher").release(id, { intent: "cancel-release" })).status).toBe(200);
    const answer = await comment("reviewer", id, { comment: "Too late" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(commentMessages.notOpen);
    expect((await view("reviewer", id)).discussion.open).toBe(false);
  });

  it("four eyes between people: only a reviewer, publisher or administrator who neither created nor staged approves", async () => {
    const db = app.handle.db;
    await setPolicy(db, FOUR_EYES, true);
    try {
      // The publisher creates it, the administrator stages into it: neither may approve it.
      const pub = client("publisher");
      const id = await pub.create("Четыре глаза");
      await pub.goLive();
      const admin = client("administrator");
      await admin.open(id);
      expect((await admin.content("home", "hero_title", "Administrator's hero")).status).toBe(200);
      await admin.goLive();
      expect((await pub.release(id, { intent: "submit-release" })).status).toBe(200);
      for (const who of ["publisher", "administrator"] as Who[]) {
        const answer = await client(who).release(id, { intent: "approve-release" });
        expect({ who, status: answer.status, message: answer.body.message }).toEqual({
          who,
          status: 403,
          message: releaseMessages.ownChanges,
        });
        // Nor send it back: the same rule.
        expect((await client(who).release(id, { intent: "send-back-release", comment: "Own" })).status).toBe(403);
      }
      // Roles that may not approve at all are refused by role, whatever they did.
      for (const who of ["author", "analyst"] as Who[])
        expect((await client(who).release(id, { intent: "approve-release" })).status).toBe(403);
      // The reviewer commented (comments are not changes) and approves.
      expect((await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Looks right" })).status).toBe(200);
      expect((await client("reviewer").release(id, { intent: "approve-release" })).status).toBe(200);
      const [approved] = await db.select().from(releases).where(eq(releases.id, id));
      expect(approved).toMatchObject({ state: "approved", approvedByEmail: "reviewer@example.com" });
      await assertPublishable(db, approved!);
      // The approval stops counting when its approver no longer holds a role that may approve.
      await db.update(adminUsers).set({ role: "author" }).where(eq(adminUsers.userId, people.reviewer.id));
      expect(await refusal(assertPublishable(db, approved!))).toEqual({ status: 409, message: releaseMessages.approverRoleGone });
      expect((await client("publisher").release(id, { intent: "publish-release" })).status).toBe(409);
    } finally {
      await db.update(adminUsers).set({ role: "reviewer" }).where(eq(adminUsers.userId, people.reviewer.id));
      await setPolicy(db, FOUR_EYES, false);
    }
  });

  it("names its texts in the dashboard catalogue", () => {
    expect(commentMessages.sendBackRequired).toBe(ru.releaseComments.sendBackRequired);
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
