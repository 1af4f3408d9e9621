import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withStartSettings } from "../../../scripts/support/start-settings.js";
import { copyDatabaseTemplate, hasDatabaseTemplate } from "./database-template";

export interface IsolatedServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server has printed so far. */
  output(): string;
  /** Stops with SIGTERM; the data directory is removed unless keepData is set. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
}

// Servers still running when the test process ends (a worker stopped mid-test) go with it,
// so no orphan keeps holding a port the next worker needs.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * A second production server on its own port and data directory, for specs that need a fresh start.
 * Without a dataDir it starts on a new one holding a copy of the Playwright run's migrated, empty
 * embedded database (database-template.ts), unless it uses PostgreSQL (DATABASE_URL), the run has
 * no template (tests/after-build) or firstStart asks for the server to make the database itself,
 * as on its very first start.
 */
export async function startIsolatedServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  firstStart?: boolean;
}) {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
    if (!options.firstStart && !options.env?.DATABASE_URL && hasDatabaseTemplate()) copyDatabaseTemplate(dataDir);
  }
  const child = spawn(process.execPath, ["server.js"], {
    // As `npm start` starts it (scripts/support/start-settings.js).
    env: withStartSettings({
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server on port ${options.port} did not answer /healthz in time: ${output}`);
    }
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const server: IsolatedServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async (stopOptions) => {
      const code = await new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (exitCode) => resolve(exitCode));
        child.kill("SIGTERM");
      });
      if (!stopOptions?.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  return server;
}
