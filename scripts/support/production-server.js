// Starting and stopping the production server on a fresh embedded database, for the scripts
// that measure it (`npm run bench`, `npm run lighthouse`).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withStartSettings } from "./start-settings.js";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const hasTaskset = spawnSync("sh", ["-c", "command -v taskset"]).status === 0 && os.cpus().length > 1;

/**
 * `[command, args]` running on one CPU core when taskset is there and the machine has two.
 * @param {number | undefined} core
 * @param {string} command
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function pinned(core, command, args) {
  return hasTaskset && core !== undefined ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
}
export const isPinned = hasTaskset;

async function answers(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(url, { attempts = 150 } = {}) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The production build served on `port` over a new PGlite database in a temporary directory.
 * `core` pins it to one CPU (the benchmark); `env` adds variables such as PAGE_CACHE; `logFile`
 * takes its standard output (its log lines), which is otherwise discarded; `nodeArgs` go to node
 * before server.js (flags, a preloaded module); `directory` serves another checkout (its server.js
 * and build), this one by default. The server starts with what `npm start` sets (start-settings.js)
 * unless `startSettings` is false (a checkout from before them).
 * @param {{ port: number; core?: number; env?: Record<string, string>; logFile?: string; nodeArgs?: string[]; directory?: string; startSettings?: boolean }} options
 */
export async function startProductionServer({ port, core, env = {}, logFile, nodeArgs = [], directory = root, startSettings = true }) {
  if (await answers(`http://127.0.0.1:${port}/healthz`)) {
    throw new Error(`port ${port} is already in use: stop what listens there or choose another port`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-data-"));
  const [command, args] = pinned(core, process.execPath, [...nodeArgs, "server.js"]);
  const child = spawn(command, args, {
    cwd: directory,
    env: (startSettings ? withStartSettings : (/** @type {Record<string, string | undefined>} */ values) => values)({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    }),
    stdio: ["ignore", logFile ? fs.openSync(logFile, "w") : "ignore", "inherit"],
  });
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the server exited with code ${code} before answering`))),
  );
  exited.catch(() => {});
  // On a busy machine the first start (creating the database) can take a minute; a server that
  // never answers is stopped, not left running on the port.
  try {
    await Promise.race([waitFor(`http://127.0.0.1:${port}/healthz`, { attempts: 600 }), exited]);
  } catch (error) {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    child,
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** Builds the site into BUILD_DIR (default build/) unless --no-build was given. */
export function buildUnlessSkipped() {
  if (process.argv.includes("--no-build")) return;
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
