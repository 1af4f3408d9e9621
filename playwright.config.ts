import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/support/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/e2e-data-${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/artifacts-${port}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One worker: specs share one server and database, and some change content others read.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]]
    : [["list"]],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
  webServer: {
    // The production build on a fresh embedded database.
    command: `rm -rf ${dataDir} && node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      // Sign-in is exercised by many specs from one address; the limiter has its own tests.
      AUTH_RATE_LIMIT: "1000",
      // Specs send many contact messages from one address; the limit has its own tests.
      CONTACT_RATE_LIMIT: "1000",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
});
