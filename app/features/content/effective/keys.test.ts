import { describe, expect, it } from "vitest";
import { addMonths, effectiveDateOfValue, effectiveDocumentOf, parseEffectiveDate } from "./keys";

describe("effective dates", () => {
  it("takes only calendar dates that exist", () => {
    expect(parseEffectiveDate("2027-03-01")).toBe("2027-03-01");
    expect(parseEffectiveDate("2028-02-29")).toBe("2028-02-29");
    for (const text of ["2027-02-29", "2027-13-01", "2027-3-1", "01.03.2027", "2027-03-01T00:00", "", 20270301, null])
      expect(parseEffectiveDate(text), String(text)).toBeUndefined();
  });

  it("reads a stored or staged value, and names the documents' keys only", () => {
    expect(effectiveDateOfValue({ contentValue: "2027-03-01" })).toBe("2027-03-01");
    expect(effectiveDateOfValue({ contentValue: "soon" })).toBeUndefined();
    expect(effectiveDateOfValue(null)).toBeUndefined();
    expect(effectiveDocumentOf("fees/effective_from")).toBe("fees");
    expect(effectiveDocumentOf("home/effective_from")).toBeUndefined();
    expect(effectiveDocumentOf("terms/page_content")).toBeUndefined();
  });

  it("counts the notice in calendar months, the 31st going to a shorter month's last day", () => {
    expect(addMonths("2026-11-29", 2)).toBe("2027-01-29");
    expect(addMonths("2026-12-31", 2)).toBe("2027-02-28");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2027-05-15", 0)).toBe("2027-05-15");
  });
});
