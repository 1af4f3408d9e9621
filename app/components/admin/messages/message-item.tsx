import { AlertTriangle, Mail, MailOpen, Reply, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { cn } from "~/platform/cn";
import { messageTexts } from "~/features/contact/messages-schema";
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

/** The same text on the server and in the browser, whatever their time zones. */
const formatDate = (value: Date | string) => {
  const iso = new Date(value).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
};

const notifyLabels = { none: "", pending: "Уведомление в очереди", sent: "Уведомление отправлено", failed: "Уведомление не доставлено" };

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
  const [open, setOpen] = useState(initiallyOpen);
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const pendingRead = fetcher.formData?.get("intent") === messageIntents.setRead ? fetcher.formData.get("read") === "true" : undefined;
  const isRead = pendingRead ?? message.isRead;
  const submit = (fields: Record<string, string>) =>
    void fetcher.submit({ id: String(message.id), ...fields }, { method: "post", action: MESSAGES_ACTION });

  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent === messageIntents.retry) toastSuccess(messageTexts.retried);
    },
    onFailure: (failure) =>
      toastError(failure.intent === messageIntents.retry ? messageTexts.retryFailed : messageTexts.readFailed, failure.message),
  });

  // Opened from the notification mail's link: read now, as if clicked.
  useEffect(() => {
    if (initiallyOpen && !message.isRead) submit({ intent: messageIntents.setRead, read: "true" });
    // Once, for the message the page was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggleOpen = () => {
    // Opening an unread message marks it read, as a mail program does.
    if (!open && !isRead) submit({ intent: messageIntents.setRead, read: "true" });
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
          {isRead ? null : <span className="sr-only">(не прочитано)</span>}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{message.subject}</span>
        {message.notifyStatus === "failed" ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700">
            <AlertTriangle aria-hidden="true" className="size-3.5" /> {notifyLabels.failed}
          </span>
        ) : null}
        <time dateTime={new Date(message.createdAt).toISOString()} className="text-sm text-slate-500">
          {formatDate(message.createdAt)}
        </time>
      </button>
      {open ? (
        <div id={detailsId} className="grid gap-4 border-t border-slate-100 px-4 py-4">
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{message.message}</p>
          {message.notifyStatus !== "none" ? (
            <p className={cn("text-sm", message.notifyStatus === "failed" ? "text-red-700" : "text-slate-600")}>
              {notifyLabels[message.notifyStatus]}
              {message.notifyAttempts > 0 ? ` (попыток: ${message.notifyAttempts})` : ""}
              {message.notifyError ? `: ${message.notifyError}` : ""}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={replyHref(message)} className={buttonVariants({ size: "sm" })}>
              <Reply aria-hidden="true" /> Ответить
            </a>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => submit({ intent: messageIntents.setRead, read: String(!isRead) })}
            >
              {isRead ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
              {isRead ? "Отметить непрочитанным" : "Отметить прочитанным"}
            </Button>
            {mailConfigured && message.notifyStatus === "failed" ? (
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => submit({ intent: messageIntents.retry })}>
                <RotateCw aria-hidden="true" /> Отправить уведомление ещё раз
              </Button>
            ) : null}
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="outline" disabled={busy || deleting} className="text-red-700">
                  <Trash2 aria-hidden="true" /> Удалить
                </Button>
              }
              title="Удалить сообщение?"
              description={`Сообщение от ${message.name} (${message.email}) будет удалено без возможности восстановления.`}
              confirmLabel="Удалить"
              cancelLabel="Отмена"
              onConfirm={onDelete}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}
