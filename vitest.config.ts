import { defineConfig } from "vitest/config";
import { headScripts } from "./scripts/support/head-scripts.js";
import { servedPaths } from "./scripts/support/served-paths.js";

export default defineConfig({
  plugins: [headScripts(), servedPaths()],
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["./tests/setup/fail-on-console-error.ts", "./app/record-kinds.server.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time: many tests wait on a database, a child process or a socket, so the
    // two cores stay busy (Vitest would run one at a time on a two-core machine).
    maxWorkers: 2,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
    // The files of a worker share its process and import the app's modules once (Vitest's
    // `isolate: false`): importing them afresh for each file was some 1.3 s of a core per file,
    // 260 s of the run's 1,390 s of workers' time (bench/test-loop.md). So a file leaves the
    // module-level state as it found it: useTestApp sets the database, environment and auth for
    // its file and takes them back after it, spies are restored after each test, and a file
    // that registers something of its own (a scratch record kind) unregisters it.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    // One migrated database of each kind, copied for each test file; the commands the tests start
    // as processes, compiled once.
    globalSetup: ["./tests/setup/database-template.ts", "./tests/setup/command-entries.ts"],
  },
});
