import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { type BreakdownRow, type Dimension, type Goal, type StatisticsQuery } from "~/features/statistics/schema";
import { formatNumber, formatPercent, statisticsHref } from "./format";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { Catalogue } from "~/features/admin-i18n/messages";

const conversionDimensions = new Set<Dimension>(["source", "utm_source", "utm_medium", "utm_campaign", "goal"]);

const labelOf = (texts: Catalogue["statistics"], dimension: Dimension, value: string) =>
  dimension === "goal" ? (texts.goals[value as Goal] ?? value) : value;

/**
 * One dimension's rows, most visitors first. A row is a link that filters the whole dashboard by
 * it. Sources and campaigns show their conversions and conversion rate; goals their rate over all visits.
 */
export function BreakdownCard({
  dimension,
  rows,
  query,
  totalVisits,
}: {
  dimension: Dimension;
  rows: BreakdownRow[];
  query: StatisticsQuery;
  totalVisits: number;
}) {
  const { m, language } = useMessages();
  const withConversions = conversionDimensions.has(dimension);
  const headingId = `statistics-${dimension}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>{m.statistics.dimensions[dimension]}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{m.statistics.noData}</p>
        ) : (
          <table className="w-full table-fixed text-sm" aria-labelledby={headingId}>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  {m.statistics.value}
                </th>
                <th scope="col" className="w-24 py-1 text-right font-medium">
                  {dimension === "goal" ? m.statistics.visits : m.statistics.visitors}
                </th>
                {withConversions && (
                  <th scope="col" className="w-24 py-1 text-right font-medium">
                    {dimension === "goal" ? m.statistics.conversionRate : m.statistics.conversions}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const rate = (dimension === "goal" ? row.visits / (totalVisits || 1) : row.conversions / (row.visits || 1)) * 100;
                return (
                  <tr key={row.value} className="border-t border-slate-100">
                    <td className="truncate py-1.5 pr-2">
                      <Link
                        to={statisticsHref(query, { [dimension]: row.value })}
                        className="text-indigo-700 underline-offset-2 hover:underline"
                        title={m.statistics.showOnly({ value: labelOf(m.statistics, dimension, row.value) })}
                      >
                        {labelOf(m.statistics, dimension, row.value)}
                      </Link>
                    </td>
                    <td className="py-1.5 text-right tabular-nums">
                      {formatNumber(language, dimension === "goal" ? row.visits : row.visitors)}
                    </td>
                    {withConversions && (
                      <td className="py-1.5 text-right tabular-nums">
                        {dimension === "goal"
                          ? formatPercent(language, rate)
                          : `${formatNumber(language, row.conversions)} (${formatPercent(language, rate)})`}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
