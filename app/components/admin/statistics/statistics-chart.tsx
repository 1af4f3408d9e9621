import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import type { Marker, SeriesPoint, Unit } from "~/features/statistics/schema";
import { formatNumber } from "./format";
import { languageTags } from "~/features/admin-i18n/language";
import { useMessages } from "~/components/admin/i18n/messages-context";

const bucketTime = (bucket: string) => Date.parse(bucket.length === 13 ? `${bucket}:00:00Z` : `${bucket}T00:00:00Z`) / 1000;
const bucketLabel = (bucket: string, unit: Unit, weekOf: (p: { day: string }) => string) =>
  unit === "hour" ? `${bucket.slice(11)}:00` : unit === "month" ? bucket.slice(0, 7) : unit === "week" ? weekOf({ day: bucket }) : bucket;

/** Draws the publishes and content saves as dashed vertical lines across the plot. */
function markerPlugin(markers: Marker[]): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (plot) => {
          const context = plot.ctx;
          context.save();
          context.strokeStyle = "#d97706";
          context.setLineDash([4, 4]);
          context.lineWidth = 1;
          for (const marker of markers) {
            const x = plot.valToPos(Date.parse(marker.at) / 1000, "x", true);
            if (x < plot.bbox.left || x > plot.bbox.left + plot.bbox.width) continue;
            context.beginPath();
            context.moveTo(x, plot.bbox.top);
            context.lineTo(x, plot.bbox.top + plot.bbox.height);
            context.stroke();
          }
          context.restore();
        },
      ],
    },
  };
}

/**
 * Visitors and pageviews over the range, by hour or by day, with every content change marked.
 * uPlot is loaded only here, after the dashboard has rendered; the table below the chart says
 * the same for screen readers (the canvas is hidden from them).
 */
// long-function: the chart's lazy set-up and the table and list that say the same without it
export function StatisticsChart({ series, markers, unit }: { series: SeriesPoint[]; markers: Marker[]; unit: Unit }) {
  const { m, language } = useMessages();
  const unitWords = m.statistics.units;
  const holder = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let plot: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      const element = holder.current;
      if (cancelled || !element) return;
      const twoDigits = (value: number) => String(value).padStart(2, "0");
      // Days and months as the language writes them (28.11 and 11.2026 in Russian, 28/11 and 11/2026 in English).
      const day = new Intl.DateTimeFormat(languageTags[language], { day: "2-digit", month: "2-digit", timeZone: "UTC" });
      const month = new Intl.DateTimeFormat(languageTags[language], { month: "2-digit", year: "numeric", timeZone: "UTC" });
      const timeLabel = (seconds: number) => {
        const date = new Date(seconds * 1000);
        if (unit === "hour") return `${twoDigits(date.getUTCHours())}:00`;
        return (unit === "month" ? month : day).format(date);
      };
      const data: uPlot.AlignedData = [
        series.map((point) => bucketTime(point.bucket)),
        series.map((point) => point.visitors),
        series.map((point) => point.pageviews),
      ];
      plot = new UPlot(
        {
          width: Math.max(320, element.clientWidth),
          height: 260,
          plugins: [markerPlugin(markers)],
          scales: { x: { time: true } },
          // Days and hours are UTC's, as the roll-ups are; the axis splits there too.
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
          series: [
            { label: unitWords[unit].axis, value: (_plot, value) => (value === null ? "—" : timeLabel(value)) },
            { label: m.statistics.visitors, stroke: "#4f46e5", fill: "rgba(79, 70, 229, 0.08)", width: 2 },
            { label: m.statistics.pageviews, stroke: "#0d9488", width: 2 },
          ],
          axes: [
            { values: (_plot, values) => values.map((value) => timeLabel(value)) },
            { values: (_plot, values) => values.map((value) => formatNumber(language, value)) },
          ],
        },
        data,
        element,
      );
      setReady(true);
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
    // The chart is drawn again when the data or the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, markers, unit, language]);

  return (
    <figure className="grid gap-3">
      <div ref={holder} aria-hidden="true" data-chart-ready={ready ? "true" : undefined} className="min-h-[300px] w-full overflow-hidden" />
      <figcaption className="text-sm text-slate-600">
        {m.statistics.chartCaption({ by: unitWords[unit].by, count: markers.length })}
      </figcaption>
      <table className="sr-only">
        <caption>{m.statistics.tableCaption({ by: unitWords[unit].by })}</caption>
        <thead>
          <tr>
            <th scope="col">{unitWords[unit].column}</th>
            <th scope="col">{m.statistics.visitors}</th>
            <th scope="col">{m.statistics.pageviews}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.bucket}>
              <th scope="row">{bucketLabel(point.bucket, unit, m.statistics.weekOf)}</th>
              <td>{point.visitors}</td>
              <td>{point.pageviews}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {markers.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">{m.statistics.changes}</summary>
          <ul className="mt-2 grid gap-1">
            {markers.map((marker) => (
              <li key={`${marker.at}-${marker.label}`}>
                <time dateTime={marker.at}>{marker.at.slice(0, 16).replace("T", " ")}</time> — {marker.label}
              </li>
            ))}
          </ul>
        </details>
      )}
    </figure>
  );
}
