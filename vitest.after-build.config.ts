import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The Vitest files that talk to real production servers started from the build
 * (tests/after-build/). `npm run test:e2e` runs them right after `npm run build`, so they always
 * run (the unit and integration stage runs before there is a build).
 */
// The main run's files are split into its two projects; these files are one set of their own.
const { projects: _projects, ...baseTest } = base.test!;

export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    include: ["tests/after-build/**/*.test.ts"],
    globalSetup: [],
    outputFile: { json: "test-results/vitest-after-build.json" },
  },
});
