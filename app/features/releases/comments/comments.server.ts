// Comments on a release and on each of its staged changes: who may write them (releases.comment,
// checked here where the work is done), where they go (a thread per change, one for the release),
// the activity log line and the mails to the release's authors, and resolving a thread.
import { and, asc, eq, isNull } from "drizzle-orm";
import { releaseChanges, releaseComments, type ReleaseCommentRow, type ReleaseRow } from "~/db/schema";
import { roleAllows } from "~/features/access/matrix";
import { requirePermission } from "~/features/access/require.server";
import { recordEvent } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";
import { kickMailOutbox } from "~/platform/mail-outbox.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { lockedRelease } from "../drafting.server";
import { allows } from "../lifecycle";
import type { ReleaseCommentView, ReleaseDiscussion, ReleaseThreadView } from "./contract";
import { changeKeyField, commentInputSchema, commentMessages, type CommentInput } from "./schema";
import { insertComment, queueCommentMails } from "./store.server";

/** A release takes comments while it is open (not published or cancelled). */
const takesComments = (release: ReleaseRow) => allows(release.state, "stage");

/** Checks a feature's input with the form's own schema: a caller that is not the route is held to it too. */
function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new Refusal(400, result.error.issues[0]?.message ?? commentMessages.invalid);
  return result.data;
}

/** Adds a comment to the release's thread or to one staged change's; logs it and mails the release's authors. */
export async function addComment(db: Database, releaseId: number, actor: Person, input: CommentInput) {
  requirePermission(actor, "releases.comment");
  const { changeKey, comment: body } = checked(commentInputSchema.safeParse(input));
  const row = await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    if (!takesComments(release)) throw new Refusal(409, commentMessages.notOpen);
    if (changeKey !== null) {
      const [staged] = await transaction
        .select({ id: releaseChanges.id })
        .from(releaseChanges)
        .where(and(eq(releaseChanges.releaseId, releaseId), eq(releaseChanges.key, changeKey)));
      if (!staged) throw new Refusal(404, commentMessages.changeNotStaged);
    }
    const comment = await insertComment(transaction, release, actor, { kind: "comment", changeKey, body });
    const mailed = await queueCommentMails(transaction, release, actor, comment);
    await recordEvent(transaction, {
      kind: "release.comment",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name, commentId: comment.id, ...(changeKey ? { change: changeKey } : {}), comment: body, mailed },
    });
    return comment;
  });
  kickMailOutbox();
  return row;
}

/** Resolves a thread: its unresolved comments fold away (still shown on request). */
export async function resolveThread(db: Database, releaseId: number, actor: Person, changeKey: string | null) {
  requirePermission(actor, "releases.comment");
  const key = checked(changeKeyField.safeParse(changeKey ?? undefined));
  return db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    if (!takesComments(release)) throw new Refusal(409, commentMessages.notOpen);
    const resolved = await transaction
      .update(releaseComments)
      .set({ resolvedAt: new Date(), resolvedById: actor.id, resolvedByEmail: actor.email })
      .where(
        and(
          eq(releaseComments.releaseId, releaseId),
          key === null ? isNull(releaseComments.changeKey) : eq(releaseComments.changeKey, key),
          isNull(releaseComments.resolvedAt),
        ),
      )
      .returning({ id: releaseComments.id });
    if (resolved.length === 0) throw new Refusal(404, commentMessages.threadNotFound);
    await recordEvent(transaction, {
      kind: "release.comment_resolve",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name, ...(key ? { change: key } : {}), comments: resolved.length },
    });
    return resolved.length;
  });
}

const commentView = (row: ReleaseCommentRow): ReleaseCommentView => ({
  id: row.id,
  kind: row.kind,
  body: row.body,
  by: row.authorEmail,
  at: row.createdAt.toISOString(),
  resolvedBy: row.resolvedByEmail,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** Every thread of the release, the release's own first, then by change key; and what the viewer may do. */
export async function releaseDiscussion(
  db: Pick<Database, "select">,
  release: ReleaseRow,
  viewer: Pick<Person, "role">,
): Promise<ReleaseDiscussion> {
  const rows = await db.select().from(releaseComments).where(eq(releaseComments.releaseId, release.id)).orderBy(asc(releaseComments.id));
  const threads = new Map<string | null, ReleaseThreadView>();
  for (const row of rows) {
    let thread = threads.get(row.changeKey);
    if (!thread) threads.set(row.changeKey, (thread = { changeKey: row.changeKey, open: [], resolved: [] }));
    (row.resolvedAt ? thread.resolved : thread.open).push(commentView(row));
  }
  const ordered = [...threads.values()].sort((a, b) =>
    a.changeKey === null ? -1 : b.changeKey === null ? 1 : a.changeKey.localeCompare(b.changeKey),
  );
  return { threads: ordered, canComment: roleAllows(viewer.role, "releases.comment"), open: takesComments(release) };
}
