import { activityCsv } from "~/features/activity/activity-log.server";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import { activityQuerySchema, historyExportMessages } from "~/features/activity/schema";
import { inLanguage, messagesOf } from "~/features/admin-i18n/messages";
import type { Route } from "./+types/admin.activity-export";

/** GET /admin/activity-export?area=…: the activity log under the same filters, as a CSV file. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "activity.view");
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!parsed.success)
    return Response.json({ message: inLanguage(member.language, historyExportMessages.invalid) }, { status: 400, headers });
  const today = new Date().toISOString().slice(0, 10);
  return new Response(await activityCsv(getDb(), parsed.data, messagesOf(member.language).activity), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="activity-${today}.csv"`,
    },
  });
}
