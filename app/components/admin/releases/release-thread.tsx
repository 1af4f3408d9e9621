import { CheckCheck, MessageSquare, Undo2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button } from "~/components/ui/button";
import { FieldError, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { formatDateTime } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { threadOf, type ReleaseCommentView, type ReleaseDiscussion } from "~/features/releases/comments/contract";
import { releaseCommentIntents } from "~/features/releases/comments/intents";
import { COMMENT_MAX_LENGTH } from "~/features/releases/comments/schema";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";

/**
 * One thread of a release: the change's (beside its diff) or the release's own. Unresolved
 * comments are shown; resolved ones fold away behind 'show resolved'. Comment texts are plain
 * text, rendered as text with their line breaks.
 */
export function ReleaseThread({
  discussion,
  changeKey,
  title,
  timeZone,
  takesComments = true,
}: {
  discussion: ReleaseDiscussion;
  changeKey: string | null;
  /** The thread's heading (a change's threads have one; the release's is under its card's title). */
  title?: string;
  timeZone: string;
  /** False for a change that has left the release: its thread can still be resolved, not added to. */
  takesComments?: boolean;
}) {
  const { m, language } = useMessages();
  const headingId = useId();
  const thread = threadOf(discussion, changeKey);
  // The resolve form goes once its thread has no open comment: its answer is read here, where it stays.
  const resolveKey = `resolve-thread:${changeKey ?? ""}`;
  useActionResult(useFetcher<ActionResult>({ key: resolveKey }), {
    onSuccess: () => toastSuccess(m.common.done, m.releaseComments.resolved),
    onFailure: (failure) => toastError(m.releaseComments.resolveFailed, inLanguage(language, failure.message) || m.releaseComments.failed),
  });
  const mayWrite = discussion.open && discussion.canComment;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className="grid content-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      data-testid="release-thread"
      data-change-key={changeKey ?? ""}
    >
      {title ? (
        // Not a heading: a change's diff above may hold the rendered page's own headings (legal texts), at any level.
        <p id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <MessageSquare aria-hidden="true" className="size-4 text-slate-500" />
          <span className="break-all">{title}</span>
        </p>
      ) : null}
      {thread.open.length === 0 ? (
        <p className="text-sm text-slate-600">{m.releaseComments.none}</p>
      ) : (
        <ol className="grid gap-2" data-testid="open-comments">
          {thread.open.map((comment) => (
            <CommentItem key={comment.id} comment={comment} timeZone={timeZone} />
          ))}
        </ol>
      )}
      {mayWrite && thread.open.length > 0 ? <ResolveForm changeKey={changeKey} fetcherKey={resolveKey} /> : null}
      {thread.resolved.length > 0 ? (
        <details className="text-sm" data-testid="resolved-comments">
          <summary className="cursor-pointer text-indigo-700 hover:underline">
            {m.releaseComments.showResolved({ count: thread.resolved.length })}
          </summary>
          <ol className="mt-2 grid gap-2">
            {thread.resolved.map((comment) => (
              <CommentItem key={comment.id} comment={comment} timeZone={timeZone} />
            ))}
          </ol>
        </details>
      ) : null}
      {mayWrite ? (
        takesComments ? (
          <CommentForm changeKey={changeKey} />
        ) : null
      ) : (
        <p className="text-sm text-slate-600">{discussion.open ? m.releaseComments.readOnly : m.releaseComments.closed}</p>
      )}
    </section>
  );
}

function CommentItem({ comment, timeZone }: { comment: ReleaseCommentView; timeZone: string }) {
  const { m, language } = useMessages();
  const when = (at: string) => formatDateTime(language, at, { timeZone });
  return (
    <li className="grid gap-1 rounded-md bg-white p-2 text-sm shadow-sm" data-testid="release-comment">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span className="font-medium text-slate-800">{comment.by}</span>
        <time dateTime={comment.at}>{when(comment.at)}</time>
        {comment.kind === "send_back" ? (
          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
            <Undo2 aria-hidden="true" className="size-3" />
            {m.releaseComments.sendBack}
          </span>
        ) : null}
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-900">{comment.body}</p>
      {comment.resolvedBy && comment.resolvedAt ? (
        <p className="text-xs text-slate-600">
          {m.releaseComments.resolvedBy({ who: comment.resolvedBy, when: when(comment.resolvedAt) })}
        </p>
      ) : null}
    </li>
  );
}

function CommentForm({ changeKey }: { changeKey: string | null }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const fieldId = useId();
  const errorId = useId();
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.common.done, m.releaseComments.added),
    onFailure: (failure) => toastError(m.releaseComments.addFailed, inLanguage(language, failure.message) || m.releaseComments.failed),
  });
  const succeeded = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (succeeded) form.current?.reset();
  }, [succeeded, fetcher.data]);
  const error = fetcher.state === "idle" ? inLanguage(language, fieldError(fetcher.data, "comment")) : undefined;
  return (
    <fetcher.Form ref={form} method="post" className="grid gap-1.5">
      <input type="hidden" name="intent" value={releaseCommentIntents.add} />
      {changeKey ? <input type="hidden" name="changeKey" value={changeKey} /> : null}
      <Label htmlFor={fieldId}>{changeKey ? m.releaseComments.changeLabel({ key: changeKey }) : m.releaseComments.label}</Label>
      <Textarea
        id={fieldId}
        name="comment"
        rows={2}
        required
        maxLength={COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId}>{error}</FieldError>
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? m.releaseComments.adding : m.releaseComments.add}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function ResolveForm({ changeKey, fetcherKey }: { changeKey: string | null; fetcherKey: string }) {
  const { m } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={releaseCommentIntents.resolve} />
      {changeKey ? <input type="hidden" name="changeKey" value={changeKey} /> : null}
      <Button type="submit" size="sm" variant="ghost" disabled={fetcher.state !== "idle"}>
        <CheckCheck aria-hidden="true" />
        {m.releaseComments.resolve}
      </Button>
    </fetcher.Form>
  );
}
