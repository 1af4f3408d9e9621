import { requireMember } from "~/features/auth/permissions.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { statisticsCsv } from "~/features/statistics/statistics-csv";
import { refreshStatistics } from "~/features/statistics/service.server";
import { parseStatisticsQuery, problemsMessage } from "~/features/statistics/query";
import { getDb } from "~/platform/db.server";
import { messagesOf } from "~/features/admin-i18n/messages";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/admin.statistics-export";

/** GET /admin/statistics-export?range=…: the dashboard under the same range and filters, as a CSV file. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireMember(request, "statistics.view");
  const texts = messagesOf(admin.language).statistics;
  const now = new Date();
  const { query, problems } = parseStatisticsQuery(new URL(request.url), { now, keepMonths: getEnv().ANALYTICS_KEEP_MONTHS }, texts);
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  // A file is not a page that can say what it left out: a bad URL is refused with the reasons.
  if (problems.length > 0) return Response.json({ message: problemsMessage(problems, texts) }, { status: 400, headers });
  await refreshStatistics();
  const view = await loadStatistics(getDb(), admin, query, now, 1000);
  return new Response(statisticsCsv(view, texts.dimensions), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistics-${view.from}-${view.to}.csv"`,
    },
  });
}
