import fs from "node:fs";
import { defineConfig } from "vitest/config";
import { headScripts } from "./scripts/support/head-scripts.js";
import { servedPaths } from "./scripts/support/served-paths.js";

/**
 * Unit test files that share one process per worker (Vitest's `isolate: false`): those under
 * app/ and server/ whose source opens no database, sets no environment, starts no server or
 * process and runs no scheduler (whose real-time windows another file's leftover work could
 * stretch). Each of them imported the app's module graph afresh in a new process, some 0.8 s
 * of CPU per file: the 59 of them took 62 s of CPU isolated and 16 s sharing (bench/test-loop.md).
 * Every other file (tests/, and these kinds under app/ and server/) keeps a process of its own.
 */
const sharesState =
  /useTestApp|createTestDatabase|openDatabase|setDatabase|setEnv|setAuth|spawn|listen\(|startJobs|process\.env\.[A-Z_]+ =/;
const unitFiles = ["app", "server"]
  .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => `${folder}/${file}`))
  .filter((file) => file.endsWith(".test.ts") && !sharesState.test(fs.readFileSync(file, "utf8")))
  .sort();

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
    projects: [
      { extends: true, test: { name: "units", include: unitFiles, isolate: false } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
          exclude: unitFiles,
          // One migrated database of each kind, copied for each test file; the commands the
          // tests start as processes, compiled once.
          globalSetup: ["./tests/setup/database-template.ts", "./tests/setup/command-entries.ts"],
        },
      },
    ],
  },
});
