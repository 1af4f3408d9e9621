import { defineConfig } from "vitest/config";
import { headScripts } from "./scripts/support/head-scripts.js";
import { servedPaths } from "./scripts/support/served-paths.js";

export default defineConfig({
  plugins: [headScripts(), servedPaths()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup/fail-on-console-error.ts", "./app/record-kinds.server.ts"],
    // One migrated database of each kind, copied for each test file; the commands the tests
    // start as processes, compiled once.
    globalSetup: ["./tests/setup/database-template.ts", "./tests/setup/command-entries.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time: many tests wait on a database, a child process or a socket, so the
    // two cores stay busy (Vitest would run one at a time on a two-core machine).
    maxWorkers: 2,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
