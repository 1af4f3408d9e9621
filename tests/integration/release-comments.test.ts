// Comments on releases (issue 44 item 4): who may comment (releases.comment, checked by the
// feature and not only the route), a thread per staged change and one for the release, plain-text
// validation, "send back" only with a comment, resolving a thread. Mails and log lines:
// release-comment-mails.test.ts; four eyes between people: release-four-eyes.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { releaseComments } from "~/db/schema";
import { ru } from "~/features/admin-i18n/catalogue/ru";
import { addComment, resolveThread } from "~/features/releases/comments/comments.server";
import { commentMessages } from "~/features/releases/comments/schema";
import { reviewRelease } from "~/features/releases/releases.server";
import { commentState, refusal, useReleasePeople, type Who } from "../support/release-people";
import { onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("comments on releases on %s", (kind) => {
  const app = useTestApp(kind);
  const { people, client, comment, resolve, view, stagedRelease } = useReleasePeople(app);

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

  it("names its texts in the dashboard catalogue", () => {
    expect(commentMessages.sendBackRequired).toBe(ru.releaseComments.sendBackRequired);
  });
});
