import { data } from "react-router";
import { messageIntents } from "~/features/contact/intents";
import { MessagesPanel } from "~/components/admin/messages/messages-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inbox } from "~/features/admin-i18n/catalogue/ru/inbox";
import { answerFailuresInPlace } from "~/platform/action-result";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { recordEvent } from "~/features/activity/activity.server";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { deleteMessage, listMessages, setMessageRead } from "~/features/contact/inbox.server";
import { retryNotification } from "~/features/contact/outbox.server";
import { kickContactOutbox } from "~/features/contact/worker.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { requireMember } from "~/features/auth/permissions.server";
import { inboxFilterSchema, messageIdSchema, messageReadSchema, messageTexts } from "~/features/contact/messages-schema";
import type { Route } from "./+types/admin.other.messages";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.inbox.title);

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "messages.read");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filter = inboxFilterSchema.parse(query);
  const { rows, total } = await listMessages(getDb(), member, filter);
  return data({ messages: rows, total, filter, mailConfigured: Boolean(getEnv().SMTP_URL) }, { headers: { "Cache-Control": "no-store" } });
}

/** Mark read or unread, delete, and send a failed notification again. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireMember(request, "messages.manage");
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  switch (intent) {
    case messageIntents.setRead: {
      const parsed = messageReadSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return write(intent, messageTexts.readFailed, async () => {
        if (!(await setMessageRead(db, admin, parsed.data.id, parsed.data.read))) return failed(intent, 404, messageTexts.notFound);
        await recordEvent(db, {
          kind: parsed.data.read ? "messages.mark_read" : "messages.mark_unread",
          area: "messages",
          actor: admin,
          target: String(parsed.data.id),
        });
        return succeeded(intent);
      });
    }
    case messageIntents.delete: {
      const parsed = messageIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return write(intent, messageTexts.deleteFailed, () =>
        db.transaction(async (tx) => {
          const deleted = await deleteMessage(tx as typeof db, admin, parsed.data.id);
          if (!deleted) return failed(intent, 404, messageTexts.notFound);
          await recordEvent(tx, {
            kind: "messages.delete",
            area: "messages",
            actor: admin,
            target: String(parsed.data.id),
            details: { subject: deleted.subject },
          });
          return succeeded(intent);
        }),
      );
    }
    case messageIntents.retry: {
      const parsed = messageIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      if (!getEnv().SMTP_URL) return failed(intent, 409, messageTexts.retryFailed);
      return write(intent, messageTexts.retryFailed, async () => {
        if (!(await retryNotification(db, admin, parsed.data.id))) return failed(intent, 404, messageTexts.notFound);
        await recordEvent(db, { kind: "messages.notify_retry", area: "messages", actor: admin, target: String(parsed.data.id) });
        kickContactOutbox();
        return succeeded(intent);
      });
    }
    default:
      return failed(intent, 400, inbox.unknownAction);
  }
}

const write = <T,>(intent: string, fallback: string, run: () => Promise<T>) =>
  runAction(intent, run, { log: "inbox write failed", message: fallback });

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  return <MessagesPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.inbox.title} fallback={m.inbox.loadFailed} />;
}
