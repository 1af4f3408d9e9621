import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, PHONE_BENCHMARK_INDEX } from "../../scripts/support/cpu-calibration.js";

/**
 * The Lighthouse audits emulate one phone whatever the machine they run on: the CPU slowdown of
 * each run is the host's benchmark index over the phone's (scripts/support/cpu-calibration.js).
 */
describe("the Lighthouse CPU calibration", () => {
  it("emulates a phone of benchmark index 700 unless told otherwise", () => {
    expect(PHONE_BENCHMARK_INDEX).toBe(700);
  });

  it("slows a fast host more than a slow one, to the same phone", () => {
    expect(cpuSlowdownFor(2800)).toBe(4);
    expect(cpuSlowdownFor(1400)).toBe(2);
    expect(cpuSlowdownFor(1050)).toBe(1.5);
    expect(cpuSlowdownFor(2226)).toBe(3.18);
  });

  it("never speeds a host slower than the phone up", () => {
    expect(cpuSlowdownFor(700)).toBe(1);
    expect(cpuSlowdownFor(350)).toBe(1);
  });

  it("refuses a run that measured no benchmark index", () => {
    expect(() => cpuSlowdownFor(0)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/no benchmark index/);
  });
});
