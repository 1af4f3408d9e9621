import { data } from "react-router";
import { StatisticsPanel } from "~/components/admin/statistics/statistics-panel";
import { adminMeta } from "~/components/admin/shell/admin-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { requireMember } from "~/features/auth/permissions.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { refreshStatistics } from "~/features/statistics/service.server";
import { parseStatisticsQuery, problemsMessage } from "~/features/statistics/query";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/admin.other.statistics";

export const meta: Route.MetaFunction = () => adminMeta("Статистика");

/** The dashboard for the range and filters in the URL; a bad parameter is left out and named above the view. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "statistics.view");
  const now = new Date();
  const { query, problems } = parseStatisticsQuery(new URL(request.url), { now, keepMonths: getEnv().ANALYTICS_KEEP_MONTHS });
  await refreshStatistics();
  const view = await loadStatistics(getDb(), query, now);
  return data(
    { view, query, enabled: getEnv().ANALYTICS === "on", error: problemsMessage(problems) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function AdminOtherStatistics({ loaderData }: Route.ComponentProps) {
  return <StatisticsPanel {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminTabError title="Статистика" fallback="Не удалось загрузить статистику" />;
}
