// Two production builds served side by side, for the scripts that compare them
// (`npm run first-paint`, `npm run hydration-timing`): BASELINE_BUILD_DIR (default build-before,
// a build of an earlier commit) on `port`, BUILD_DIR (default build) on `port + 2`.
import os from "node:os";
import path from "node:path";
import { root, startProductionServer } from "./production-server.js";

export const builds = {
  before: path.resolve(root, process.env.BASELINE_BUILD_DIR ?? "build-before"),
  after: path.resolve(root, process.env.BUILD_DIR ?? "build"),
};

/** The machine's load averages (1, 5, 15 min), for the reports: the machine is shared. */
export const machineLoad = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

export async function startTwoBuilds(port) {
  const servers = {
    before: await startProductionServer({ port, env: { BUILD_DIR: builds.before } }),
    after: await startProductionServer({ port: port + 2, env: { BUILD_DIR: builds.after } }),
  };
  return {
    origins: { before: `http://localhost:${port}`, after: `http://localhost:${port + 2}` },
    async stop() {
      await servers.before.stop();
      await servers.after.stop();
    },
  };
}
