// A comment's row and the mails it sends, inside the transaction of the write that makes it (a
// comment, or a "send back"): the comment, its log line and its mails commit together.
import { eq, inArray } from "drizzle-orm";
import { releaseAuthors, releaseComments, user, type ReleaseCommentRow, type ReleaseRow } from "~/db/schema";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { Executor } from "~/features/records/revisions.server";
import { getEnv } from "~/platform/env.server";
import { queueMailIn } from "~/platform/mail-outbox.server";
import type { Person } from "~/platform/person";
import { releasePath } from "../contract";

export async function insertComment(
  executor: Executor,
  release: ReleaseRow,
  actor: Person,
  comment: { kind: ReleaseCommentRow["kind"]; changeKey: string | null; body: string },
) {
  const [row] = await executor
    .insert(releaseComments)
    .values({
      releaseId: release.id,
      changeKey: comment.changeKey,
      kind: comment.kind,
      body: comment.body,
      authorId: actor.id,
      authorEmail: actor.email,
    })
    .returning();
  return row!;
}

/** The release's authors (its creator and everyone who staged into it) but the commenter, with their address and language. */
async function recipients(executor: Executor, release: ReleaseRow, commenterId: string) {
  const rows = await executor
    .select({ userId: releaseAuthors.userId })
    .from(releaseAuthors)
    .where(eq(releaseAuthors.releaseId, release.id));
  const ids = new Set(rows.map((row) => row.userId));
  if (release.authorId) ids.add(release.authorId);
  ids.delete(commenterId);
  if (ids.size === 0) return [];
  return executor
    .select({ email: user.email, language: user.adminLanguage })
    .from(user)
    .where(inArray(user.id, [...ids]));
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Queues a mail of the comment to each of the release's authors (not to the commenter), in each
 * one's dashboard language, when SMTP_URL is set. Answers how many were queued; the caller kicks
 * the outbox after its commit.
 */
export async function queueCommentMails(executor: Executor, release: ReleaseRow, actor: Person, comment: ReleaseCommentRow) {
  const { SMTP_URL, PUBLIC_URL } = getEnv();
  if (!SMTP_URL) return 0;
  const people = await recipients(executor, release, actor.id);
  for (const person of people) {
    const m = messagesOf(adminLanguageOf(person.language)).releaseComments;
    const sentBack = comment.kind === "send_back";
    const params = { who: actor.email, name: oneLine(release.name) };
    const text = [
      sentBack ? m.mailSendBackIntro(params) : m.mailIntro(params),
      ...(comment.changeKey ? [m.mailChange({ key: comment.changeKey })] : []),
      "",
      comment.body,
      "",
      ...(PUBLIC_URL ? [m.mailOpen({ url: `${PUBLIC_URL.replace(/\/$/, "")}${releasePath(release.id)}` }), ""] : []),
      m.mailWhy,
    ].join("\n");
    await queueMailIn(executor, {
      kind: "release-comment",
      to: person.email,
      subject: oneLine(sentBack ? m.mailSendBackSubject({ name: release.name }) : m.mailSubject({ name: release.name })),
      text,
    });
  }
  return people.length;
}
