import { data } from "react-router";
import { ActivityLog } from "~/components/admin/activity/activity-log";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, messagesOf } from "~/features/admin-i18n/messages";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { listActivity, listPeople } from "~/features/activity/activity-log.server";
import { getDb } from "~/platform/db.server";
import { listDeleted, listInitializeGroups } from "~/features/history/history.server";
import { requireMember } from "~/features/auth/permissions.server";
import { revisionView } from "~/features/history/revision-view.server";
import { activityQuerySchema, historyExportMessages } from "~/features/activity/schema";
import type { Route } from "./+types/admin.other.activity";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.activity.title);

/** The activity log: one page of entries for the filters in the URL (CSV: admin.activity-export.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "activity.view");
  const url = new URL(request.url);
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const headers = { "Cache-Control": "no-store" };
  // Filters that do not parse are dropped, with a word about it, rather than failing the page.
  const query = parsed.success ? parsed.data : {};
  const db = getDb();
  const [page, people, deleted, groups] = await Promise.all([
    listActivity(db, query, undefined, messagesOf(member.language).activity),
    listPeople(db),
    listDeleted(db, 20),
    listInitializeGroups(db, 3),
  ]);
  return data(
    {
      ...page,
      people,
      deleted: deleted.map(revisionView),
      groups,
      query,
      invalidFilters: !parsed.success,
      message: parsed.success ? null : inLanguage(member.language, historyExportMessages.invalid),
    },
    { headers, status: parsed.success ? 200 : 400 },
  );
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityLog {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.activity.title} fallback={m.activity.failedToLoad} />;
}
