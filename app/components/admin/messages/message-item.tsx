import { AlertTriangle, Mail, MailOpen, Reply, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { useAllows } from "~/components/admin/shell/use-allows";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { cn } from "~/platform/cn";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatDateTime } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { MESSAGES_ACTION, messageIntents } from "~/features/contact/intents";
import { replyHref } from "./reply-link";

export interface InboxMessageView {
  id: number;
  createdAt: Date | string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string | null;
  isRead: boolean;
  notifyStatus: "none" | "pending" | "sent" | "failed";
  notifyAttempts: number;
  notifyError: string | null;
}

/** One message: a summary line that opens it, then the text and what can be done with it. */
// long-function: one message's summary and its opened view with actions share one disclosure state
export function MessageItem({
  message,
  mailConfigured,
  initiallyOpen = false,
  deleting,
  onDelete,
}: {
  message: InboxMessageView;
  mailConfigured: boolean;
  initiallyOpen?: boolean;
  /** Deleting is the panel's: the toast must outlive this row. */
  deleting: boolean;
  onDelete: () => void;
}) {
  const { m, language } = useMessages();
  const [open, setOpen] = useState(initiallyOpen);
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const pendingRead = fetcher.formData?.get("intent") === messageIntents.setRead ? fetcher.formData.get("read") === "true" : undefined;
  const isRead = pendingRead ?? message.isRead;
  // Marking, resending and deleting are `messages.manage`: an analyst reads only.
  const manages = useAllows()("messages.manage");
  const submit = (fields: Record<string, string>) =>
    void fetcher.submit({ id: String(message.id), ...fields }, { method: "post", action: MESSAGES_ACTION });

  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent === messageIntents.retry) toastSuccess(m.inbox.retried);
    },
    onFailure: (failure) =>
      toastError(failure.intent === messageIntents.retry ? m.inbox.retryFailed : m.inbox.readFailed, inLanguage(language, failure.message)),
  });

  // Opened from the notification mail's link: read now, as if clicked.
  useEffect(() => {
    if (manages && initiallyOpen && !message.isRead) submit({ intent: messageIntents.setRead, read: "true" });
    // Once, for the message the page was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggleOpen = () => {
    // Opening an unread message marks it read, as a mail program does.
    if (manages && !open && !isRead) submit({ intent: messageIntents.setRead, read: "true" });
    setOpen(!open);
  };
  const detailsId = `message-${message.id}-details`;

  return (
    <li data-testid={`message-${message.id}`} className={cn(!isRead && "bg-indigo-50/50")}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={toggleOpen}
        className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
      >
        <span className="flex min-w-0 flex-1 items-center gap-2">
          {isRead ? (
            <MailOpen aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          ) : (
            <Mail aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
          )}
          <span className={cn("truncate", !isRead && "font-semibold")}>{message.name}</span>
          <span className="truncate text-sm text-slate-500">{message.email}</span>
          {isRead ? null : <span className="sr-only">{m.inbox.unread}</span>}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{message.subject}</span>
        {message.notifyStatus === "failed" ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700">
            <AlertTriangle aria-hidden="true" className="size-3.5" /> {m.inbox.notify.failed}
          </span>
        ) : null}
        <time dateTime={new Date(message.createdAt).toISOString()} className="text-sm text-slate-500">
          {/* One time zone for server and browser, so the page hydrates as it was rendered. */}
          {m.inbox.at({ when: formatDateTime(language, message.createdAt, { date: "short", time: "short" }) })}
        </time>
      </button>
      {open ? (
        <div id={detailsId} className="grid gap-4 border-t border-slate-100 px-4 py-4">
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{message.message}</p>
          {message.notifyStatus !== "none" ? (
            <p className={cn("text-sm", message.notifyStatus === "failed" ? "text-red-700" : "text-slate-600")}>
              {m.inbox.notify[message.notifyStatus]}
              {message.notifyAttempts > 0 ? m.inbox.attempts({ count: message.notifyAttempts }) : ""}
              {message.notifyError ? `: ${message.notifyError}` : ""}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={replyHref(message)} className={buttonVariants({ size: "sm" })}>
              <Reply aria-hidden="true" /> {m.inbox.reply}
            </a>
            {manages ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => submit({ intent: messageIntents.setRead, read: String(!isRead) })}
              >
                {isRead ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
                {isRead ? m.inbox.markUnread : m.inbox.markRead}
              </Button>
            ) : null}
            {manages && mailConfigured && message.notifyStatus === "failed" ? (
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => submit({ intent: messageIntents.retry })}>
                <RotateCw aria-hidden="true" /> {m.inbox.retry}
              </Button>
            ) : null}
            {manages ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" size="sm" variant="outline" disabled={busy || deleting} className="text-red-700">
                    <Trash2 aria-hidden="true" /> {m.inbox.delete}
                  </Button>
                }
                title={m.inbox.deleteTitle}
                description={m.inbox.deleteDescription({ name: message.name, email: message.email })}
                confirmLabel={m.inbox.delete}
                cancelLabel={m.inbox.cancel}
                onConfirm={onDelete}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
