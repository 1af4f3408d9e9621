import { recordEvent } from "~/features/activity/activity.server";
import { exportMessages } from "~/features/contact/inbox.server";
import { csvRow } from "~/platform/csv";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import { inboxFilterSchema } from "~/features/contact/messages-schema";
import type { Route } from "./+types/admin.messages[.]csv";

const HEADER = ["id", "created_at", "name", "email", "subject", "message", "language", "read", "notification", "notification_error"];

/** The inbox as CSV, with the inbox's filters; administrators only, never cached. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireMember(request, "messages.read");
  const filter = inboxFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  const rows = await exportMessages(db, admin, filter);
  await recordEvent(db, { kind: "messages.export", area: "messages", actor: admin, details: { count: rows.length, ...filter } });
  const lines = [
    csvRow(HEADER),
    ...rows.map((row) =>
      csvRow([
        row.id,
        row.createdAt.toISOString(),
        row.name,
        row.email,
        row.subject,
        row.message,
        row.language,
        row.isRead,
        row.notifyStatus,
        row.notifyError,
      ]),
    ),
  ];
  const date = new Date().toISOString().slice(0, 10);
  // A byte-order mark, so spreadsheet programs read the names and messages as UTF-8.
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="messages-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
