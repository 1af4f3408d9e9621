import fs from "node:fs";
import { defineConfig } from "vitest/config";
import { headScripts } from "./scripts/support/head-scripts.js";
import { servedPaths } from "./scripts/support/served-paths.js";

const included = ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"];
/**
 * Files that keep a process of their own, found by their source: those that render React on the
 * server (React's development build marks shared contexts with the renderer using them, and two
 * renderers, the string one and the streaming one, in one process warn of each other), that lint
 * with ESLint (each loads a configuration whose plugins keep per-process caches), and the check of
 * the start's tick objects (it needs a process where no AsyncLocalStorage has run yet).
 */
const needsOwnProcess = /react-dom\/server|entry\.server|from "eslint"|tick-shapes/;
const ownProcessFiles = ["app", "server", "tests/integration", "tests/lint"]
  .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => `${folder}/${file}`))
  .filter((file) => file.endsWith(".test.ts") && needsOwnProcess.test(fs.readFileSync(file, "utf8")))
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
    // The files of a worker share its process and import the app's modules once (Vitest's
    // `isolate: false`): importing them afresh for each file was some 1.3 s of a core per file,
    // 260 s of the run's 1,390 s of workers' time (bench/test-loop.md). So a file leaves the
    // module-level state as it found it: useTestApp sets the database, environment and auth for
    // its file and takes them back after it, spies are restored after each test, and a file
    // that registers something of its own (a scratch record kind) unregisters it.
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      { extends: true, test: { name: "shared", include: included, exclude: ownProcessFiles, isolate: false } },
      { extends: true, test: { name: "own-process", include: ownProcessFiles, isolate: true } },
    ],
    // One migrated database of each kind, copied for each test file; the commands the tests start
    // as processes, compiled once.
    globalSetup: ["./tests/setup/database-template.ts", "./tests/setup/command-entries.ts"],
  },
});
