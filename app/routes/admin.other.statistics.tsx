import { data } from "react-router";
import { StatisticsPanel } from "~/components/admin/statistics/statistics-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { messagesOf } from "~/features/admin-i18n/messages";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { requireMember } from "~/features/auth/permissions.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { refreshStatistics } from "~/features/statistics/service.server";
import { parseStatisticsQuery, problemsMessage } from "~/features/statistics/query";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/admin.other.statistics";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.statistics.title);

/** The dashboard for the range and filters in the URL; a bad parameter is left out and named above the view. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireMember(request, "statistics.view");
  const texts = messagesOf(admin.language).statistics;
  const now = new Date();
  const { query, problems } = parseStatisticsQuery(new URL(request.url), { now, keepMonths: getEnv().ANALYTICS_KEEP_MONTHS }, texts);
  await refreshStatistics();
  const view = await loadStatistics(getDb(), admin, query, now);
  return data(
    { view, query, enabled: getEnv().ANALYTICS === "on", error: problemsMessage(problems, texts) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function AdminOtherStatistics({ loaderData }: Route.ComponentProps) {
  return <StatisticsPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.statistics.title} fallback={m.statistics.loadFailed} />;
}
