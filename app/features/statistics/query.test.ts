import { describe, expect, it } from "vitest";
import { keptDays, MAX_QUERY_LENGTH, parseStatisticsQuery, problemsMessage } from "./query";

const now = new Date("2026-11-28T12:00:00Z");
const parse = (search: string) =>
  parseStatisticsQuery(new URL(`http://site.example/admin/other/statistics?${search}`), { now, keepMonths: 25 });

describe("the statistics query string", () => {
  it("keeps what is right and leaves out, by name, what is not", () => {
    const { query, problems } = parse("range=7d&utm_campaign=a%00b&device=Mobile&page=%2Ffaq%00&browser=" + "x".repeat(301));
    expect(query).toMatchObject({ range: "7d", device: "Mobile" });
    expect(query.utm_campaign).toBeUndefined();
    expect(query.page).toBeUndefined();
    expect(query.browser).toBeUndefined();
    expect(problems).toEqual([
      "Параметр page: недопустимые символы",
      "Параметр utm_campaign: недопустимые символы",
      "Параметр browser: не длиннее 300 символов",
    ]);
    expect(problemsMessage(problems)).toMatch(/^Параметры статистики заданы неверно и не учтены\. Параметр page/);
  });

  it("refuses days that are not in the calendar and periods outside what retention keeps", () => {
    for (const [from, to] of [
      ["2024-02-30", "2024-03-01"],
      ["0001-01-01", "0001-01-02"],
      ["9999-12-30", "9999-12-31"],
      ["5001-01-01", "9999-12-30"],
      ["2024-10-27", "2024-11-01"],
      ["2026-11-20", "2026-11-29"],
      ["2026-11-20", "2026-11-01"],
    ]) {
      const { query, problems } = parse(`range=custom&from=${from}&to=${to}`);
      expect(query.range, `${from}..${to}`).toBe("30d");
      expect(problems.length, `${from}..${to}`).toBeGreaterThan(0);
    }
    expect(parse("range=custom&from=2024-02-29&to=2024-03-01").problems).not.toEqual([]); // a real day, but no longer kept
    const { first, last } = keptDays(now, 25);
    expect([first, last]).toEqual(["2024-10-28", "2026-11-28"]);
    expect(parse(`range=custom&from=${first}&to=${last}`)).toEqual({
      query: expect.objectContaining({ range: "custom", from: first, to: last }),
      problems: [],
    });
    expect(parse("range=custom&from=2026-02-28&to=2026-03-01").problems).toEqual([]);
  });

  it("refuses a parameter given twice and a query string no dashboard writes", () => {
    expect(parse("device=Mobile&device=Laptop")).toEqual({
      query: expect.not.objectContaining({ device: expect.anything() }),
      problems: ["Параметр device указан несколько раз"],
    });
    expect(parse(`page=${"a".repeat(MAX_QUERY_LENGTH)}`).problems).toEqual([
      "Адрес статистики слишком длинный: показаны последние 30 дней",
    ]);
    expect(parse("range=decade").problems).toEqual(["Параметр range: неизвестный период"]);
  });
});
