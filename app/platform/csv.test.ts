import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV export cells", () => {
  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const formula of ["=HYPERLINK(\"http://evil\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell("Plain text")).toBe("Plain text");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvRow([1, "a,b", null, true])).toBe('1,"a,b",,true');
  });
});
