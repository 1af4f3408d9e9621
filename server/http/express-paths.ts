// Every address Express answers itself, before React Router: the application mounts these and
// nothing else by a literal path (tests/integration/served-paths.test.ts checks), and the list
// of addresses a landing page or a redirect may not take reads them (scripts/support/served-paths.js).
import { STATISTICS_ENDPOINT, STATISTICS_SCRIPT_PATH } from "~/features/statistics/tracker-contract";

export const expressPaths = {
  health: "/healthz",
  metrics: "/metrics",
  readiness: "/readyz",
  uploads: "/uploads",
  assets: "/assets",
  statisticsScript: STATISTICS_SCRIPT_PATH,
  statisticsEndpoint: STATISTICS_ENDPOINT,
} as const;

/**
 * Addresses the framework and the page cache answer without a route: React Router's route
 * manifest for lazy discovery, and the path the page cache renders its not-found copy at.
 */
export const frameworkPaths = ["/__manifest", "/__page-cache"] as const;
