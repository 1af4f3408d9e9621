import { describe, expect, it } from "vitest";
import { createLogSampler } from "./not-found-log.server";

describe("sampled not-found lines", () => {
  it("lets a few lines a window through and tells the next one how many were left out", () => {
    let now = 0;
    const take = createLogSampler(3, 1000, () => now);
    const first = Array.from({ length: 10_000 }, () => take());
    expect(first.slice(0, 3)).toEqual([0, 0, 0]);
    expect(first.slice(3).every((line) => line === undefined)).toBe(true);
    now = 999;
    expect(take()).toBeUndefined();
    now = 1000;
    expect(take()).toBe(9_998);
    expect(take()).toBe(0);
    now = 5000;
    expect([take(), take(), take(), take()]).toEqual([0, 0, 0, undefined]);
  });
});
