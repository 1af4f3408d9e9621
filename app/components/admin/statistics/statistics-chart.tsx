import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import type { Marker, SeriesPoint, Unit } from "~/features/statistics/schema";
import { formatNumber } from "./format";

const bucketTime = (bucket: string) => Date.parse(bucket.length === 13 ? `${bucket}:00:00Z` : `${bucket}T00:00:00Z`) / 1000;
const bucketLabel = (bucket: string, unit: Unit) =>
  unit === "hour" ? `${bucket.slice(11)}:00` : unit === "month" ? bucket.slice(0, 7) : unit === "week" ? `неделя с ${bucket}` : bucket;
const unitWords: Record<Unit, { by: string; axis: string; column: string }> = {
  hour: { by: "по часам (UTC)", axis: "Час (UTC)", column: "Час" },
  day: { by: "по дням", axis: "День", column: "День" },
  week: { by: "по неделям", axis: "Неделя", column: "Неделя" },
  month: { by: "по месяцам", axis: "Месяц", column: "Месяц" },
};

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
  const holder = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let plot: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      const element = holder.current;
      if (cancelled || !element) return;
      const twoDigits = (value: number) => String(value).padStart(2, "0");
      const timeLabel = (seconds: number) => {
        const date = new Date(seconds * 1000);
        if (unit === "hour") return `${twoDigits(date.getUTCHours())}:00`;
        if (unit === "month") return `${twoDigits(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
        return `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}`;
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
            { label: "Посетители", stroke: "#4f46e5", fill: "rgba(79, 70, 229, 0.08)", width: 2 },
            { label: "Просмотры", stroke: "#0d9488", width: 2 },
          ],
          axes: [
            { values: (_plot, values) => values.map((value) => timeLabel(value)) },
            { values: (_plot, values) => values.map((value) => formatNumber(value)) },
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
  }, [series, markers, unit]);

  return (
    <figure className="grid gap-3">
      <div ref={holder} aria-hidden="true" data-chart-ready={ready ? "true" : undefined} className="min-h-[300px] w-full overflow-hidden" />
      <figcaption className="text-sm text-slate-600">
        Посетители и просмотры {unitWords[unit].by}; пунктир — публикации и сохранения контента ({markers.length}).
      </figcaption>
      <table className="sr-only">
        <caption>Посетители и просмотры {unitWords[unit].by}</caption>
        <thead>
          <tr>
            <th scope="col">{unitWords[unit].column}</th>
            <th scope="col">Посетители</th>
            <th scope="col">Просмотры</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.bucket}>
              <th scope="row">{bucketLabel(point.bucket, unit)}</th>
              <td>{point.visitors}</td>
              <td>{point.pageviews}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {markers.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">Изменения сайта за период</summary>
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
