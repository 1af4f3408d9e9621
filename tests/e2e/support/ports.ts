import path from "node:path";

/** Ports each worker may use, from its server's port up. */
export const PORTS_PER_WORKER = 20;

/**
 * A port of this worker's own: offset 0 is its production server; specs that start servers
 * of their own take offsets 1 to 19, so workers running side by side never share a port.
 * The first worker's block starts at E2E_PORT (4173 unless set).
 */
export function workerPort(offset: number) {
  if (!Number.isInteger(offset) || offset < 0 || offset >= PORTS_PER_WORKER) {
    throw new Error(`worker port offset must be 0 to ${PORTS_PER_WORKER - 1}, not ${offset}`);
  }
  const base = Number(process.env.E2E_PORT ?? 4173);
  return base + PORTS_PER_WORKER * workerSlot() + offset;
}

/** Which of the parallel workers this is (0 in the main process). */
export function workerSlot() {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The DATA_DIR of this worker's production server. */
export const e2eDataDir = () => path.resolve(`test-results/e2e-data-${workerPort(0)}`);
