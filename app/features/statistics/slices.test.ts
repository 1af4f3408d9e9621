import { describe, expect, it } from "vitest";
import { slicesByVisits } from "./slices";

const days = (count: number, visits: (index: number) => number) =>
  Array.from({ length: count }, (_, index) => ({ day: `2026-01-${String(index + 1).padStart(2, "0")}`, visits: visits(index) }));

describe("the slices a view over the visits reads", () => {
  it("holds at most 500 visits a statement, a busier day alone, and at most a month of days", () => {
    const mixed = days(12, (index) => (index === 3 ? 4000 : 120));
    expect(slicesByVisits(mixed).map((slice) => slice.length)).toEqual([3, 1, 4, 4]);
    expect(slicesByVisits(days(31, () => 0)).length).toBe(1);
    expect(slicesByVisits([...days(31, () => 1), { day: "2026-02-01", visits: 1 }]).map((slice) => slice.length)).toEqual([31, 1]);
    expect(slicesByVisits([])).toEqual([]);
  });

  it("keeps every day once, in order", () => {
    const input = days(28, (index) => (index * 37) % 300);
    expect(slicesByVisits(input).flat()).toEqual(input.map((row) => row.day));
  });
});
