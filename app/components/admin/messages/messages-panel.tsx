import { Download, Inbox, Search } from "lucide-react";
import { Form, useFetcher, useSearchParams } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { CONTACT_SUBJECTS } from "~/features/content/catalogue/contact-form";
import { MESSAGES_ACTION, MESSAGES_CSV, messageIntents } from "~/features/contact/intents";
import { MessageItem, type InboxMessageView } from "./message-item";

export interface MessagesPanelProps {
  messages: InboxMessageView[];
  total: number;
  filter: { subject?: string; q?: string };
  mailConfigured: boolean;
}

const selectClass =
  "h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/** The contact inbox: newest first, filter by subject, search, export what is shown as CSV. */
export function MessagesPanel({ messages, total, filter, mailConfigured }: MessagesPanelProps) {
  const { m, language } = useMessages();
  const [searchParams] = useSearchParams();
  const deleter = useFetcher<ActionResult>();
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : undefined;
  useActionResult(deleter, {
    onSuccess: () => toastSuccess(m.inbox.deleted),
    onFailure: (failure) => toastError(m.inbox.deleteFailed, inLanguage(language, failure.message)),
  });
  // The notification mail links to `?open=<id>`.
  const openId = Number(searchParams.get("open"));
  const unread = messages.filter((message) => !message.isRead).length;
  const filtered = Boolean(filter.subject || filter.q);
  return (
    <section aria-labelledby="messages-heading" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="messages-heading" className="text-xl font-semibold">
            {m.inbox.title}
          </h2>
          <p className="text-sm text-slate-600">
            {filtered ? m.inbox.found({ count: total }) : m.inbox.total({ count: total })}
            {unread > 0 ? m.inbox.unreadOnPage({ count: unread }) : ""}
            {mailConfigured ? "" : m.inbox.mailOff}
          </p>
        </div>
        <a href={csvHref(searchParams)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" /> {m.inbox.exportCsv}
        </a>
      </div>
      <MessagesSearch filter={filter} />
      {messages.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600 shadow-sm">
          <Inbox aria-hidden="true" className="mx-auto mb-3 size-8 text-slate-400" />
          {filtered ? m.inbox.nothingFound : m.inbox.empty}
        </div>
      ) : (
        <ul
          aria-label={m.inbox.title}
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mailConfigured={mailConfigured}
              initiallyOpen={message.id === openId}
              deleting={deletingId === message.id}
              onDelete={() =>
                void deleter.submit({ intent: messageIntents.delete, id: String(message.id) }, { method: "post", action: MESSAGES_ACTION })
              }
            />
          ))}
        </ul>
      )}
      {total > messages.length ? <p className="text-sm text-slate-600">{m.inbox.shown({ shown: messages.length, total })}</p> : null}
    </section>
  );
}

/** Filter by subject and search the name, e-mail and text; a plain GET form, so the URL keeps it. */
function MessagesSearch({ filter }: { filter: MessagesPanelProps["filter"] }) {
  const { m } = useMessages();
  return (
    <Form
      method="get"
      role="search"
      aria-label={m.inbox.search}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-1">
        <Label htmlFor="messages-subject">{m.inbox.subject}</Label>
        <select id="messages-subject" name="subject" defaultValue={filter.subject ?? ""} className={selectClass}>
          <option value="">{m.inbox.allSubjects}</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </div>
      <div className="grid min-w-48 flex-1 gap-1">
        <Label htmlFor="messages-q">{m.inbox.query}</Label>
        <Input
          id="messages-q"
          name="q"
          type="search"
          maxLength={200}
          defaultValue={filter.q ?? ""}
          placeholder={m.inbox.queryPlaceholder}
        />
      </div>
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" /> {m.inbox.find}
      </Button>
    </Form>
  );
}

/** The export takes the inbox's filters, not which message is open. */
function csvHref(searchParams: URLSearchParams) {
  const filters = new URLSearchParams(searchParams);
  filters.delete("open");
  return filters.size > 0 ? `${MESSAGES_CSV}?${filters}` : MESSAGES_CSV;
}
