import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV export cells", () => {
  // Every start a spreadsheet reads as a formula: each is kept as text behind an apostrophe.
  it.each([
    ["=", '=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+", "+1+1", "'+1+1"],
    ["-", "-2+3", "'-2+3"],
    ["@", "@SUM(A1)", "'@SUM(A1)"],
    ["tab", "\t=1", "'\t=1"],
    ["carriage return", "\r=1", `"'\r=1"`],
  ])("neutralises a cell starting with %s", (_, formula, cell) => {
    expect(csvCell(formula)).toBe(cell);
    expect(csvCell(formula).replace(/^"/, "").startsWith("'")).toBe(true);
  });

  it("leaves other text, and those characters past the start, as they are", () => {
    expect(csvCell("Plain text")).toBe("Plain text");
    expect(csvCell("a=b+c-d@e")).toBe("a=b+c-d@e");
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(-5)).toBe("'-5");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"');
    expect(csvCell('"')).toBe('""""');
    expect(csvRow([1, "a,b", null, true])).toBe('1,"a,b",,true');
  });
});
