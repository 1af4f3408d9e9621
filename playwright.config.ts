import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/support/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/artifacts-${port}`,
  // Two workers share two cores, so a test takes up to twice the wall time it took alone.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Specs within a file may build on each other, so a file runs in order, in one worker.
  fullyParallel: false,
  // Each worker has its own production server and database (tests/e2e/support/fixtures.ts),
  // so files run side by side without seeing each other's content.
  // One worker per core (at most four): each is a server, a browser and the runner, so two on
  // the two-core machine keep both cores busy (7.7 min for the suite against 10 with one worker,
  // bench/test-loop.md). E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(1, os.availableParallelism()))),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]] : [["list"]],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    // A trace costs the browser a third more CPU on every test: it is recorded on the retry of a
    // failed test, which CI makes (E2E_TRACE=on records every test, kept when it fails).
    trace: process.env.E2E_TRACE === "on" ? "retain-on-failure" : "on-first-retry",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
});
