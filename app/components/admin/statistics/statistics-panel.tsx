import { ChartNoAxesCombined, Download, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Card, CardContent } from "~/components/ui/card";
import {
  dimensionLabels,
  goalLabels,
  rangeLabels,
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

const groups: { title: string; dimensions: Dimension[] }[] = [
  { title: "Источники", dimensions: ["source", "referrer", "utm_source", "utm_medium", "utm_campaign"] },
  { title: "Страницы", dimensions: ["page", "entry"] },
  { title: "Места и устройства", dimensions: ["country", "language", "device", "browser", "os"] },
  { title: "Цели", dimensions: ["goal"] },
];

function Headline({ view }: { view: StatisticsView }) {
  const now = headline(view.totals);
  const before = headline(view.previous);
  const figures = [
    { label: "Посетители", value: formatNumber(now.visitors), change: change(now.visitors, before.visitors) },
    { label: "Просмотры", value: formatNumber(now.pageviews), change: change(now.pageviews, before.pageviews) },
    { label: "Просмотров за визит", value: now.viewsPerVisit.toFixed(2), change: change(now.viewsPerVisit, before.viewsPerVisit) },
    { label: "Отказы", value: formatPercent(now.bounceRate), change: change(now.bounceRate, before.bounceRate) },
    { label: "Длительность визита", value: formatDuration(now.duration), change: change(now.duration, before.duration) },
    { label: "Конверсии", value: formatNumber(now.conversions), change: change(now.conversions, before.conversions) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {figures.map((figure) => (
        <Card key={figure.label} className="p-4">
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{figure.value}</dd>
          <dd className="text-xs text-slate-600">
            {figure.change === null
              ? "прежде: нет данных"
              : `${figure.change >= 0 ? "+" : ""}${formatPercent(figure.change)} к прошлому периоду`}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

function RangePicker({ query, view }: { query: StatisticsQuery; view: StatisticsView }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <nav aria-label="Период" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {ranges
          .filter((range) => range !== "custom")
          .map((range) => (
            <Link
              key={range}
              to={statisticsHref(query, { range, from: undefined, to: undefined })}
              aria-current={query.range === range ? "page" : undefined}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-indigo-700 aria-[current=page]:shadow-sm"
            >
              {rangeLabels[range]}
            </Link>
          ))}
      </nav>
      <Form method="get" action={STATISTICS_PATH} className="flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="range" value="custom" />
        {Object.entries(query).map(([name, value]) =>
          name in dimensionLabels && typeof value === "string" ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label className="grid gap-1">
          <span className="text-slate-600">С</span>
          <input type="date" name="from" defaultValue={view.from} required className="rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <label className="grid gap-1">
          <span className="text-slate-600">По</span>
          <input type="date" name="to" defaultValue={view.to} required className="rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
          Показать
        </button>
      </Form>
    </div>
  );
}

function ActiveFilters({ query }: { query: StatisticsQuery }) {
  const active = (Object.keys(dimensionLabels) as Dimension[]).filter((name) => query[name] !== undefined);
  if (active.length === 0) return null;
  return (
    <ul aria-label="Фильтры" className="flex flex-wrap gap-2">
      {active.map((name) => (
        <li key={name}>
          <Link
            to={statisticsHref(query, { [name]: undefined })}
            className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800 hover:bg-indigo-100"
          >
            {dimensionLabels[name]}: {name === "goal" ? (goalLabels[query[name] as Goal] ?? query[name]) : query[name]}
            <X aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(убрать фильтр)</span>
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
  return (
    <section aria-labelledby="statistics-heading" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="statistics-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <ChartNoAxesCombined aria-hidden="true" className="size-5 text-indigo-600" />
            Статистика
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Без cookie и без сторонних сервисов. {view.from === view.to ? view.from : `${view.from} — ${view.to}`} (UTC), сравнение с{" "}
            {view.previousFrom === view.previousTo ? view.previousFrom : `${view.previousFrom} — ${view.previousTo}`}.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <p className="flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-800" aria-live="polite">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            {formatNumber(view.liveVisitors)} за последние 5 минут
          </p>
          <a
            href={statisticsHref(query, {}, STATISTICS_EXPORT_PATH)}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Экспорт CSV
          </a>
        </div>
      </div>
      {!enabled && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Сбор статистики выключен (ANALYTICS=off).</p>}
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
        <section key={group.title} aria-label={group.title} className="grid gap-4 md:grid-cols-2">
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
