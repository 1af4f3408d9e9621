import { requireAdmin } from "~/features/auth/permissions.server";
import { loadStatistics, statisticsCsv } from "~/features/statistics/dashboard.server";
import { refreshStatistics } from "~/features/statistics/service.server";
import { statisticsMessages, statisticsQuerySchema } from "~/features/statistics/schema";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.statistics-export";

/** GET /admin/statistics-export?range=…: the dashboard under the same range and filters, as a CSV file. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = statisticsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!parsed.success) return Response.json({ message: statisticsMessages.invalid }, { status: 400, headers });
  await refreshStatistics();
  const view = await loadStatistics(getDb(), parsed.data, new Date(), 1000);
  return new Response(statisticsCsv(view), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistics-${view.from}-${view.to}.csv"`,
    },
  });
}
