// The dashboard's view as a CSV file (the export's answer).
import { csvRow } from "~/platform/csv";
import { dimensions, type Dimension, type StatisticsView, type Totals } from "./schema";

/**
 * The view as CSV: the totals against the previous period, the chart's points, then every
 * dimension's rows under its name in the administrator's language (`labels`, the catalogue's).
 */
export function statisticsCsv(view: StatisticsView, labels: Record<Dimension, string>): string {
  const lines = [csvRow(["section", "value", "visitors", "visits", "pageviews", "conversions"])];
  const period = (name: string, totals: Totals) => csvRow([name, "", totals.visitors, totals.visits, totals.pageviews, totals.conversions]);
  lines.push(period(`total ${view.from}..${view.to}`, view.totals));
  lines.push(period(`previous ${view.previousFrom}..${view.previousTo}`, view.previous));
  for (const point of view.series) lines.push(csvRow([`series ${view.unit}`, point.bucket, point.visitors, "", point.pageviews, ""]));
  for (const name of dimensions)
    for (const row of view.breakdowns[name])
      lines.push(csvRow([labels[name], row.value, row.visitors, row.visits, row.pageviews, row.conversions]));
  return `${lines.join("\r\n")}\r\n`;
}
