// The pieces of `npm run bench:edge` (scripts/bench-edge-cache.js): a PostgreSQL database of its
// own, Varnish with the shipped VCL, and the CPU time of a server's processes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { cpuMicroseconds } from "./process-cpu.js";
import { pinned, stopProcess } from "./production-server.js";
import { varnishdParams, varnishWorkBase } from "./varnish-params.js";

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new database on the PostgreSQL server at `adminUrl`, and a function that drops it. @param {string} adminUrl */
export async function createDatabase(adminUrl) {
  const name = `site_bench_edge_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * varnishd in the foreground on core 0 with the shipped VCL and parameters (deploy/varnish/), its
 * working directory in memory, its two back-ends on these ports.
 * @param {{ varnish: number; a: number; b: number }} PORTS
 */
export async function startVarnish(PORTS) {
  const directory = fs.mkdtempSync(path.join(varnishWorkBase(), "bench-varnish-"));
  fs.chmodSync(directory, 0o755);
  const vcl = fs
    .readFileSync("deploy/varnish/default.vcl", "utf8")
    .replace('.port = "3000"', `.port = "${PORTS.a}"`)
    .replace('.port = "3001"', `.port = "${PORTS.b}"`);
  fs.writeFileSync(path.join(directory, "site.vcl"), vcl);
  fs.chmodSync(path.join(directory, "site.vcl"), 0o644);
  const [command, args] = pinned(0, "/usr/sbin/varnishd", [
    "-F",
    "-n",
    path.join(directory, "instance"),
    "-a",
    `127.0.0.1:${PORTS.varnish}`,
    "-f",
    path.join(directory, "site.vcl"),
    "-s",
    "malloc,256m",
    ...varnishdParams(),
    // One pool of threads on the one core it is pinned to (README.md: thread_pools on one core).
    ...["-p", "thread_pools=1"],
    ...(process.env.BENCH_VARNISH_PARAMS ?? "").split(" ").filter(Boolean),
  ]);
  const child = spawn(command, args, { stdio: "ignore" });
  // Any answer will do: with no instance started yet, Varnish answers 503.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${PORTS.varnish}/healthz`);
      break;
    } catch (error) {
      if (attempt > 150) {
        await stopProcess(child);
        throw error;
      }
      await sleep(200);
    }
  }
  return {
    pid: /** @type {number} */ (child.pid),
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A process and its descendants (Varnish's cache process, nginx's worker), by pid. @param {number} pid @returns {number[]} */
export function processTree(pid) {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  return [pid, ...children.flatMap(processTree)];
}
/** CPU time of a process tree, in microseconds. @param {number} pid */
export const treeCpu = (pid) => processTree(pid).reduce((total, each) => total + cpuMicroseconds(each), 0);
