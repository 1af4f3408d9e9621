import { describe, expect, it } from "vitest";
import { packDay, packedSingles, type PackedVisit } from "./day-columns";
import { addPackedDay, figuresOfPackedDay, PackedSums, type PackedRow } from "./packed-figures";

const DAY = "2026-06-01";
const singles = (values: Partial<PackedVisit["singles"]> = {}): PackedVisit["singles"] => ({
  ...(Object.fromEntries(packedSingles.map((name) => [name, ""])) as PackedVisit["singles"]),
  device: "Mobile",
  browser: "Chrome",
  locale: "en",
  hour: "09",
  ...values,
});
const visit = (values: Partial<PackedVisit> = {}): PackedVisit => ({
  visitor: null,
  pageviews: 1,
  duration: 0,
  paths: ["/"],
  goals: [],
  singles: singles(),
  ...values,
});
const rowOf = (rows: PackedRow[], dimension: string, value: string) =>
  rows.find((row) => row.dimension === dimension && row.value === value);

describe("a day's visits packed by column", () => {
  const visits = [
    // Two visits of one visitor: one visitor of every value they share.
    visit({ visitor: "77", pageviews: 3, duration: 120, paths: ["/", "/fees", "/"], goals: ["signup"], singles: singles({ entry: "/" }) }),
    visit({ visitor: "77", pageviews: 1, duration: 0, paths: ["/fees"], singles: singles({ entry: "/fees", browser: "Safari" }) }),
    // Its visitor's only visit of the day.
    visit({
      pageviews: 2,
      duration: 30,
      paths: ["/faq", "/fees"],
      goals: ["login", "signup"],
      singles: singles({ entry: "/faq", device: "Desktop" }),
    }),
  ];
  const packed = packDay(visits);

  it("counts every dimension as the SQL figures do: visitors distinct per day, pages by their first view, goals one conversion each", () => {
    const rows = figuresOfPackedDay(DAY, packed, [], false);
    expect(rowOf(rows, "total", "")).toEqual({
      dimension: "total",
      value: "",
      visitors: 2,
      visits: 3,
      pageviews: 6,
      bounces: 1,
      duration: 150,
      conversions: 2,
    });
    expect(rowOf(rows, "day", DAY)).toMatchObject({ visitors: 2, visits: 3, pageviews: 6 });
    expect(rowOf(rows, "device", "Mobile")).toMatchObject({
      visitors: 1,
      visits: 2,
      pageviews: 4,
      bounces: 1,
      duration: 120,
      conversions: 1,
    });
    expect(rowOf(rows, "browser", "Chrome")).toMatchObject({ visitors: 2, visits: 2, pageviews: 5 });
    // "/" viewed twice in one visit: one visit, two pageviews; "/fees" in all three visits.
    expect(rowOf(rows, "page", "/")).toMatchObject({ visitors: 1, visits: 1, pageviews: 2, bounces: 0, duration: 120, conversions: 1 });
    expect(rowOf(rows, "page", "/fees")).toMatchObject({ visitors: 2, visits: 3, pageviews: 3, bounces: 1, duration: 150 });
    expect(rowOf(rows, "goal", "signup")).toMatchObject({ visitors: 2, visits: 2, pageviews: 5, conversions: 2 });
    expect(rowOf(rows, "hour", "09")).toMatchObject({ visits: 3 });
    expect(rowOf(rows, "referrer", "")).toMatchObject({ visits: 3 });
  });

  it("keeps the visits that have every filter's value, a page viewed or a goal reached among them", () => {
    const byPage = figuresOfPackedDay(DAY, packed, [["page", "/faq"]], false);
    expect(rowOf(byPage, "total", "")).toMatchObject({ visitors: 1, visits: 1, pageviews: 2 });
    const byPair = figuresOfPackedDay(
      DAY,
      packed,
      [
        ["device", "Mobile"],
        ["goal", "signup"],
      ],
      false,
    );
    expect(rowOf(byPair, "total", "")).toMatchObject({ visitors: 1, visits: 1, pageviews: 3, conversions: 1 });
    expect(rowOf(byPair, "browser", "Safari")).toBeUndefined();
    // A value no visit of the day has, and a pair no visit has together.
    expect(figuresOfPackedDay(DAY, packed, [["country", "DE"]], false)).toEqual([]);
    expect(
      figuresOfPackedDay(
        DAY,
        packed,
        [
          ["device", "Desktop"],
          ["browser", "Safari"],
        ],
        false,
      ),
    ).toEqual([]);
  });

  it("adds several days up by dimension and value", () => {
    const sums = new PackedSums();
    addPackedDay(sums, DAY, packed, [], false);
    addPackedDay(sums, "2026-06-02", packed, [], false);
    const rows = sums.rows();
    expect(rowOf(rows, "total", "")).toMatchObject({ visitors: 4, visits: 6, pageviews: 12, duration: 300 });
    expect(rowOf(rows, "day", "2026-06-02")).toMatchObject({ visitors: 2, visits: 3 });
    expect(rowOf(rows, "page", "/fees")).toMatchObject({ visitors: 4, visits: 6, pageviews: 6 });
  });

  it("answers the total alone for the period before", () => {
    const rows = figuresOfPackedDay(DAY, packed, [["device", "Mobile"]], true);
    expect(rows).toEqual([
      { dimension: "total", value: "", visitors: 1, visits: 2, pageviews: 4, bounces: 1, duration: 120, conversions: 1 },
    ]);
  });

  it("widens a column for many values and long durations, and refuses bytes of an unknown format", () => {
    const many = Array.from({ length: 700 }, (_, index) =>
      visit({
        duration: 100_000 + index,
        paths: [`/p${index}`],
        singles: singles({ entry: `/p${index}`, hour: String(index % 24).padStart(2, "0") }),
      }),
    );
    const wide = packDay(many);
    const rows = figuresOfPackedDay(DAY, wide, [["entry", "/p650"]], false);
    expect(rowOf(rows, "total", "")).toMatchObject({ visits: 1, duration: 100_650 });
    expect(rowOf(rows, "page", "/p650")).toMatchObject({ visits: 1 });
    expect(rowOf(figuresOfPackedDay(DAY, wide, [], true), "total", "")).toMatchObject({ visitors: 700, visits: 700 });

    // Bytes that do not start on a multiple of four (a small Buffer from Node's pool) are read the same.
    const shifted = Buffer.concat([Buffer.alloc(1), wide.data]).subarray(1);
    expect(shifted.byteOffset % 4).not.toBe(0);
    expect(figuresOfPackedDay(DAY, { ...wide, data: shifted }, [["entry", "/p650"]], false)).toEqual(rows);

    // Bytes cut short, or a visit count that does not match them: refused before anything is counted.
    const sums = new PackedSums();
    expect(() => addPackedDay(sums, DAY, { ...wide, visits: 699 }, [], false)).toThrow(/does not hold together/);
    expect(() => addPackedDay(sums, DAY, { ...wide, data: wide.data.subarray(0, 400) }, [], false)).toThrow();
    expect(sums.rows()).toEqual([]);

    const unknown = Buffer.from(wide.data);
    unknown.writeUInt32LE(99, 0);
    expect(() => figuresOfPackedDay(DAY, { ...wide, data: unknown }, [], false)).toThrow(/unknown format 99/);
  });
});
