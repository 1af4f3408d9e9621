import { describe, expect, it } from "vitest";
import { parseMoment } from "./query";

describe("a moment in the archive's query string", () => {
  it("means the end of the minute or the second it names, and an exact moment as given", () => {
    expect(parseMoment("2026-03-03T12:00")?.toISOString()).toBe("2026-03-03T12:00:59.999Z");
    // The screen's link to a version archived at 12:00:07.412 names 12:00:07: the version opens.
    expect(parseMoment("2026-03-03T12:00:07")?.toISOString()).toBe("2026-03-03T12:00:07.999Z");
    expect(parseMoment("2026-03-03T12:00:07.412Z")?.toISOString()).toBe("2026-03-03T12:00:07.412Z");
  });

  it("refuses impossible and malformed moments", () => {
    for (const text of ["2026-02-31T10:00", "yesterday", "2026-03-03", "2026-03-03T25:00", "", null, "2026-03-03T12:00".padEnd(41, "0")])
      expect(parseMoment(text), String(text)).toBeUndefined();
  });
});
