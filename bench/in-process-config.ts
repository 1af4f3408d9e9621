import { defineConfig } from "vitest/config";
import { headScripts } from "../scripts/support/head-scripts.js";
import { servedPaths } from "../scripts/support/served-paths.js";

/**
 * The Vitest configuration of a benchmark that runs in process on each database (`npm run
 * bench:admin`, `bench:archive`, `bench:media`, `bench:statistics`): the app's modules as the
 * tests resolve them, the record kinds registered, one file at a time in its own process, and
 * time enough for a year of data.
 */
export function inProcessBenchConfig(include: string[]) {
  return defineConfig({
    plugins: [headScripts(), servedPaths()],
    resolve: { tsconfigPaths: true },
    test: {
      include,
      environment: "node",
      setupFiles: ["./app/record-kinds.server.ts"],
      testTimeout: 60 * 60_000,
      hookTimeout: 10 * 60_000,
      pool: "forks",
    },
  });
}
