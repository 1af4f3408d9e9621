import { ChartNoAxesCombined, Download, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Card, CardContent } from "~/components/ui/card";
import {
  dimensions,
  ranges,
  STATISTICS_EXPORT_PATH,
  STATISTICS_PATH,
  type Dimension,
  type Goal,
  type StatisticsQuery,
  type StatisticsView,
} from "~/features/statistics/schema";
import { BreakdownCard } from "./breakdown-card";
import { change, formatDuration, formatNumber, formatPercent, headline, statisticsHref } from "./format";
import { StatisticsChart } from "./statistics-chart";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

const groups: { id: "sources" | "pages" | "places" | "goals"; dimensions: Dimension[] }[] = [
  { id: "sources", dimensions: ["source", "referrer", "utm_source", "utm_medium", "utm_campaign"] },
  { id: "pages", dimensions: ["page", "entry", "locale"] },
  { id: "places", dimensions: ["country", "language", "device", "browser", "os"] },
  { id: "goals", dimensions: ["goal"] },
];

function Headline({ view }: { view: StatisticsView }) {
  const { m, language } = useMessages();
  const labels = m.statistics.figures;
  const now = headline(view.totals);
  const before = headline(view.previous);
  const figures = [
    { label: labels.visitors, value: formatNumber(language, now.visitors), change: change(now.visitors, before.visitors) },
    { label: labels.pageviews, value: formatNumber(language, now.pageviews), change: change(now.pageviews, before.pageviews) },
    { label: labels.viewsPerVisit, value: now.viewsPerVisit.toFixed(2), change: change(now.viewsPerVisit, before.viewsPerVisit) },
    { label: labels.bounceRate, value: formatPercent(language, now.bounceRate), change: change(now.bounceRate, before.bounceRate) },
    { label: labels.duration, value: formatDuration(m.statistics, now.duration), change: change(now.duration, before.duration) },
    { label: labels.conversions, value: formatNumber(language, now.conversions), change: change(now.conversions, before.conversions) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{figure.value}</dd>
          <dd className="text-xs text-slate-600">
            {figure.change === null
              ? m.statistics.noBefore
              : m.statistics.change({ change: `${figure.change >= 0 ? "+" : ""}${formatPercent(language, figure.change)}` })}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

function RangePicker({ query, view }: { query: StatisticsQuery; view: StatisticsView }) {
  const { m } = useMessages();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <nav aria-label={m.statistics.range} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {ranges
          .filter((range) => range !== "custom")
          .map((range) => (
            <Link
              key={range}
              to={statisticsHref(query, { range, from: undefined, to: undefined })}
              aria-current={query.range === range ? "page" : undefined}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-indigo-700 aria-[current=page]:shadow-sm"
            >
              {m.statistics.ranges[range]}
            </Link>
          ))}
      </nav>
      <Form method="get" action={STATISTICS_PATH} className="flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="range" value="custom" />
        {Object.entries(query).map(([name, value]) =>
          (dimensions as readonly string[]).includes(name) && typeof value === "string" ? (
            <input key={name} type="hidden" name={name} value={value} />
          ) : null,
        )}
        <label className="grid gap-1">
          <span className="text-slate-600">{m.statistics.from}</span>
          <input type="date" name="from" defaultValue={view.from} required className="rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <label className="grid gap-1">
          <span className="text-slate-600">{m.statistics.to}</span>
          <input type="date" name="to" defaultValue={view.to} required className="rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
          {m.statistics.show}
        </button>
      </Form>
    </div>
  );
}

function ActiveFilters({ query }: { query: StatisticsQuery }) {
  const { m } = useMessages();
  const active = dimensions.filter((name) => query[name] !== undefined);
  if (active.length === 0) return null;
  return (
    <ul aria-label={m.statistics.filters} className="flex flex-wrap gap-2">
      {active.map((name) => (
        <li key={name}>
          <Link
            to={statisticsHref(query, { [name]: undefined })}
            className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800 hover:bg-indigo-100"
          >
            {m.statistics.dimensions[name]}: {name === "goal" ? (m.statistics.goals[query[name] as Goal] ?? query[name]) : query[name]}
            <X aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{m.statistics.removeFilter}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function StatisticsPanel({
  view,
  query,
  enabled,
  error,
}: {
  view: StatisticsView;
  query: StatisticsQuery;
  enabled: boolean;
  error: string | null;
}) {
  const { m } = useMessages();
  return (
    <section aria-labelledby="statistics-heading" className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <PanelHeading id="statistics-heading" icon={ChartNoAxesCombined}>
            {m.statistics.title}
          </PanelHeading>
          <p className="mt-1 text-sm text-slate-600">
            {m.statistics.privacy}
            {m.statistics.period({
              period: view.from === view.to ? view.from : `${view.from} — ${view.to}`,
              previous: view.previousFrom === view.previousTo ? view.previousFrom : `${view.previousFrom} — ${view.previousTo}`,
            })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <p className="flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-800" aria-live="polite">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            {m.statistics.live({ count: view.liveVisitors })}
          </p>
          <a
            href={statisticsHref(query, {}, STATISTICS_EXPORT_PATH)}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            download
          >
            <Download aria-hidden="true" className="size-4" />
            {m.statistics.exportCsv}
          </a>
        </div>
      </div>
      {!enabled && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{m.statistics.disabled}</p>}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <RangePicker query={query} view={view} />
      <ActiveFilters query={query} />
      <Headline view={view} />
      <Card>
        <CardContent className="pt-5">
          <StatisticsChart series={view.series} markers={view.markers} unit={view.unit} />
        </CardContent>
      </Card>
      {groups.map((group) => (
        <section key={group.id} aria-label={m.statistics.groups[group.id]} className="grid gap-4 md:grid-cols-2">
          {group.dimensions.map((dimension) => (
            <BreakdownCard
              key={dimension}
              dimension={dimension}
              rows={view.breakdowns[dimension]}
              query={query}
              totalVisits={view.totals.visits}
            />
          ))}
        </section>
      ))}
    </section>
  );
}
