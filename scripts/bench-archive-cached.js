// `node scripts/bench-archive-cached.js`: cached `/` with the archive on and off, in one run: two
// production servers from the build (ARCHIVE=on and ARCHIVE=off, each its own data folder, both on
// core 0, wrk on core 1), measured in alternation (on off, off on, ...) so that the shared
// machine's changing speed falls on both alike. Prints a Markdown table to append to
// bench/archive.md. BENCH_PORT (6210; the next port is the other server's), BENCH_DURATION (5s),
// BENCH_ROUNDS (8), BENCH_CONNECTIONS (50).
import { execFileSync, spawnSync } from "node:child_process";
import os from "node:os";
import { pinned, startProductionServer } from "./support/production-server.js";

const duration = process.env.BENCH_DURATION ?? "5s";
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const connections = process.env.BENCH_CONNECTIONS ?? "50";
const port = Number(process.env.BENCH_PORT ?? 6210);
const ports = { on: port, off: port + 1 };

if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0) {
  console.error("wrk is needed: apt-get install wrk");
  process.exit(1);
}
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** @param {string} url @param {string} length */
function wrk(url, length) {
  const [command, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${length}`, "--latency", "-H", "Accept-Encoding: gzip, br", url]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const factor = { us: 0.001, ms: 1, s: 1000 };
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p99: p99 ? Number(p99[1]) * factor[/** @type {"us" | "ms" | "s"} */ (p99[2])] : NaN,
    errors: /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? "0",
  };
}
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loadBefore = load();
const started = new Date();
const servers = {
  on: await startProductionServer({ port: ports.on, core: 0, env: { ARCHIVE: "on" } }),
  off: await startProductionServer({ port: ports.off, core: 0, env: { ARCHIVE: "off" } }),
};
/** @type {Record<"on" | "off", { requestsPerSecond: number; p99: number; errors: string }[]>} */
const samples = { on: [], off: [] };
try {
  // The archive's first capture (a second after start) and the page cache warmed on both.
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  for (const which of /** @type {const} */ (["on", "off"])) wrk(`http://127.0.0.1:${ports[which]}/`, "3s");
  for (let round = 0; round < rounds; round += 1) {
    /** @type {("on" | "off")[]} */
    const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
    for (const which of order) samples[which].push(wrk(`http://127.0.0.1:${ports[which]}/`, duration));
  }
} finally {
  await Promise.all([servers.on.stop(), servers.off.stop()]);
}
const loadAfter = load();
const row = (/** @type {"on" | "off"} */ which) => {
  const list = samples[which];
  return `| ${which} | ${median(list.map((s) => s.requestsPerSecond)).toFixed(0)} | ${list.map((s) => s.requestsPerSecond.toFixed(0)).join(", ")} | ${median(list.map((s) => s.p99)).toFixed(2)} | ${list.reduce((sum, s) => sum + Number(s.errors), 0)} |`;
};
const ratio = median(samples.on.map((s) => s.requestsPerSecond)) / median(samples.off.map((s) => s.requestsPerSecond));
console.log(`${started.toISOString()}: ${rounds} rounds of ${duration} each, ${connections} connections, load average before ${loadBefore}, after ${loadAfter}

| Archive | Requests/s, median | Samples | p99 latency, median (ms) | Non-2xx |
| --- | --- | --- | --- | --- |
${row("on")}
${row("off")}

On / off: ${ratio.toFixed(3)}`);
