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
  // One by default: on this two-core machine two workers (each a server, a browser and the
  // runner) went at about ten tests a minute, slower than one worker had; E2E_WORKERS=2 on more cores.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]] : [["list"]],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
});
