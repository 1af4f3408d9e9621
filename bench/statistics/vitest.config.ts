import { defineConfig } from "vitest/config";
import { headScripts } from "../../scripts/support/head-scripts.js";
import { servedPaths } from "../../scripts/support/served-paths.js";

// `npm run bench:statistics`: the statistics dashboard over a million pageviews, in-process on each database.
export default defineConfig({
  plugins: [headScripts(), servedPaths()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["bench/statistics/*.bench-run.ts"],
    environment: "node",
    setupFiles: ["./app/record-kinds.server.ts"],
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
    pool: "forks",
  },
});
