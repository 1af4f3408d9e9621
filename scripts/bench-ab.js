// `npm run bench:ab`: the cached pages' throughput of two production builds, measured in
// alternation (A B, B A, A B, ...) so that the shared machine's changing speed falls on both
// alike; writes bench/first-paint-throughput.md (BENCH_AB_OUTPUT: another file under bench/, and
// BENCH_AB_TITLE its title). Both servers log as they do by default (BENCH_LOG_LEVEL, info; their
// lines go to a file), so that what logging costs is measured too. Each round starts a new pair of
// servers (see startServers). Both on core 0 (one loaded at a time),
// wrk on core 1. BASELINE_BUILD_DIR (build-before) and BUILD_DIR (build) as for `npm run
// first-paint`; BENCH_PORT (4600) and BENCH_BASELINE_PORT (4601) are the two servers' ports,
// BENCH_DURATION (5s) each measurement, BENCH_ROUNDS (6) the rounds, BENCH_CONNECTIONS (50).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchPagePaths } from "../app/features/seo/public-pages.js";
import { isPinned, pinned, root, startProductionServer } from "./support/production-server.js";

const duration = process.env.BENCH_DURATION ?? "5s";
const logLevel = process.env.BENCH_LOG_LEVEL ?? "info";
const logFile = (which) => path.join(os.tmpdir(), `bench-ab-${which}-${process.pid}.log`);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const connections = process.env.BENCH_CONNECTIONS ?? "50";
const paths = benchPagePaths;
const ports = { before: Number(process.env.BENCH_PORT ?? 4600), after: Number(process.env.BENCH_BASELINE_PORT ?? 4601) };
const builds = {
  before: path.resolve(root, process.env.BASELINE_BUILD_DIR ?? "build-before"),
  after: path.resolve(root, process.env.BUILD_DIR ?? "build"),
};

if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0) {
  console.error("wrk is needed: apt-get install wrk (or run npm run bench once, which installs it)");
  process.exit(1);
}
const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}
function wrk(url, length) {
  const [command, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${length}`, "-H", "Accept-Encoding: gzip, br", url]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
  };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const loadBefore = load();
const started = new Date();
// A fresh pair of servers for every round: servers of one build, started one after another,
// answered up to half as many requests as each other for their whole life (a per-server
// lottery of V8's feedback; docs/performance.md), so one server per build measured that server,
// not the build.
async function startServers(round) {
  const entries = await Promise.all(
    ["before", "after"].map(async (which) => [
      which,
      await startProductionServer({
        port: ports[which],
        core: 0,
        env: { BUILD_DIR: builds[which], LOG_LEVEL: logLevel },
        logFile: logFile(`${which}-${round}`),
      }),
    ]),
  );
  return Object.fromEntries(entries);
}
/** @typedef {{ requestsPerSecond: number; requests: number; cpu: number }} Measurement */
/** @type {Record<string, { before: Measurement[]; after: Measurement[] }>} */
const results = Object.fromEntries(paths.map((pathname) => [pathname, { before: [], after: [] }]));
process.on("exit", () => {
  for (let round = 0; round < rounds; round++)
    ["before", "after"].forEach((which) => fs.rmSync(logFile(`${which}-${round}`), { force: true }));
});
const sizes = {};
for (let round = 0; round < rounds; round++) {
  const servers = await startServers(round);
  try {
    // The kept copies are recompressed at the best settings 2 s after they are rendered.
    for (const which of ["before", "after"])
      for (const pathname of paths) await (await fetch(`http://127.0.0.1:${ports[which]}${pathname}`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const which of ["before", "after"]) {
      for (const pathname of paths) {
        const response = await fetch(`http://127.0.0.1:${ports[which]}${pathname}`, { headers: { "accept-encoding": "br" } });
        await response.arrayBuffer();
        sizes[`${which} ${pathname}`] = Number(response.headers.get("content-length"));
        wrk(`http://127.0.0.1:${ports[which]}${pathname}`, "2s");
      }
    }
    for (const pathname of paths) {
      const order = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
      for (const which of order) {
        const pid = servers[which].child.pid;
        const cpu = cpuMicroseconds(pid);
        const result = wrk(`http://127.0.0.1:${ports[which]}${pathname}`, duration);
        results[pathname][which].push({ ...result, cpu: (cpuMicroseconds(pid) - cpu) / Math.max(1, result.requests) });
      }
    }
  } finally {
    await servers.before.stop();
    await servers.after.stop();
  }
  console.log(
    `round ${round + 1}: ${paths.map((pathname) => `${pathname} ${Math.round(results[pathname].before[round].requestsPerSecond)}/${Math.round(results[pathname].after[round].requestsPerSecond)}`).join(", ")}`,
  );
}

const rows = paths.map((pathname) => {
  const figures = Object.fromEntries(
    ["before", "after"].map((which) => [
      which,
      { rps: median(results[pathname][which].map((r) => r.requestsPerSecond)), cpu: median(results[pathname][which].map((r) => r.cpu)) },
    ]),
  );
  // The ratio of each round's pair, so that a slow minute weighs on both sides of it.
  const pairRatios = results[pathname].after.map(
    (after, index) => after.requestsPerSecond / results[pathname].before[index].requestsPerSecond,
  );
  return `| \`${pathname}\` | ${(sizes[`before ${pathname}`] / 1024).toFixed(1)} | ${(sizes[`after ${pathname}`] / 1024).toFixed(1)} | ${Math.round(figures.before.rps)} | ${Math.round(figures.after.rps)} | ${median(pairRatios).toFixed(3)} | ${figures.before.cpu.toFixed(1)} | ${figures.after.cpu.toFixed(1)} | ${(figures.after.cpu / figures.before.cpu).toFixed(3)} |`;
});
const output = path.join(root, "bench", process.env.BENCH_AB_OUTPUT ?? "first-paint-throughput.md");
fs.writeFileSync(
  output,
  `# ${process.env.BENCH_AB_TITLE ?? "Cached throughput before and after the inline critical CSS"}

- Date: ${started.toISOString()}
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end (a shared machine).
- Method: \`npm run bench:ab\` — wrk, 1 thread, ${connections} connections, \`Accept-Encoding: gzip, br\`, ${duration} per measurement; the two builds' servers${isPinned ? " on core 0, wrk on core 1" : ""}, measured in alternation, ${rounds} rounds (A B, B A, ...), each on a new pair of servers; medians; both logging at level ${logLevel}. The ratio is the median of each round's after/before pair.

| page | KB sent before (br) | KB sent after (br) | req/s before | req/s after | after / before | server CPU µs/answer before | after | after / before |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`,
);
console.log(fs.readFileSync(output, "utf8"));
