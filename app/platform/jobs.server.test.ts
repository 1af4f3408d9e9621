import { describe, expect, it } from "vitest";
import { startJobs } from "./jobs.server";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shared scheduler", () => {
  it("runs each job on its own interval, never overlapping itself, and keeps going after a failure", async () => {
    const runs = { fast: 0, slow: 0, failing: 0 };
    let overlapping = 0;
    let active = 0;
    const scheduler = startJobs([
      { name: "fast", everyMs: 20, firstAfterMs: 0, run: async () => void runs.fast++ },
      {
        name: "slow",
        everyMs: 10,
        firstAfterMs: 0,
        run: async () => {
          runs.slow++;
          active++;
          if (active > 1) overlapping++;
          await wait(60);
          active--;
        },
      },
      {
        name: "failing",
        everyMs: 20,
        firstAfterMs: 0,
        run: async () => {
          runs.failing++;
          throw new Error("boom");
        },
      },
    ]);
    await wait(250);
    await scheduler.stop();
    expect(runs.fast).toBeGreaterThanOrEqual(5);
    expect(runs.failing).toBeGreaterThanOrEqual(5);
    expect(runs.slow).toBeGreaterThanOrEqual(2);
    expect(runs.slow).toBeLessThanOrEqual(5);
    expect(overlapping).toBe(0);
    const after = { ...runs };
    await wait(60);
    expect(runs).toEqual(after);
  });

  it("runs a kicked job at once, and once more after a run under way", async () => {
    let count = 0;
    const scheduler = startJobs([
      {
        name: "outbox",
        everyMs: 60_000,
        run: async () => {
          count++;
          await wait(30);
        },
      },
    ]);
    scheduler.kick("outbox");
    await wait(5);
    scheduler.kick("outbox");
    scheduler.kick("unknown");
    await wait(120);
    await scheduler.stop();
    expect(count).toBe(2);
  });
});
