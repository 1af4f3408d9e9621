import { describe, expect, it } from "vitest";
import { messagesOf } from "~/features/admin-i18n/messages";
import { statisticsCsv } from "./statistics-csv";
import { dimensions, type StatisticsView } from "./schema";

const totals = { visitors: 3, visits: 4, pageviews: 9, bounces: 1, duration: 120, conversions: 1 };
const view: StatisticsView = {
  from: "2026-04-01",
  to: "2026-04-02",
  previousFrom: "2026-03-30",
  previousTo: "2026-03-31",
  unit: "day",
  totals,
  previous: { ...totals, visitors: 2 },
  series: [{ bucket: "2026-04-01", visitors: 3, pageviews: 9 }],
  markers: [],
  breakdowns: Object.fromEntries(
    dimensions.map((name) => [name, name === "device" ? [{ value: "Mobile", visitors: 3, visits: 4, pageviews: 9, conversions: 1 }] : []]),
  ) as StatisticsView["breakdowns"],
  liveVisitors: 0,
};

describe("the statistics export", () => {
  it("names each dimension in the administrator's language", () => {
    expect(statisticsCsv(view, messagesOf("en").statistics.dimensions)).toContain("\r\nDevices,Mobile,3,4,9,1\r\n");
    expect(statisticsCsv(view, messagesOf("ru").statistics.dimensions)).toContain("\r\nУстройства,Mobile,3,4,9,1\r\n");
  });

  it("puts the period, the previous period and the chart's points first", () => {
    const lines = statisticsCsv(view, messagesOf("en").statistics.dimensions).split("\r\n");
    expect(lines.slice(0, 4)).toEqual([
      "section,value,visitors,visits,pageviews,conversions",
      "total 2026-04-01..2026-04-02,,3,4,9,1",
      "previous 2026-03-30..2026-03-31,,2,4,9,1",
      "series day,2026-04-01,3,,9,",
    ]);
  });
});
