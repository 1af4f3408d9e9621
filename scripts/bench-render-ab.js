// `node scripts/bench-render-ab.js`: uncached renders (PAGE_CACHE=off) of two production builds,
// measured in alternation (A B, B A, ...) so that the shared machine's changing speed falls on
// both alike. Prints, per page, each build's median pages a second, p50 and p99, and the server's
// CPU time per answer, which depends less on what else the machine runs than pages a second do.
// BASELINE_BUILD_DIR (build-before) and BUILD_DIR (build) as for `npm run bench:ab`; BENCH_PORT
// (4600) and BENCH_BASELINE_PORT (4601) the servers' ports; BENCH_ROUNDS (5), BENCH_DURATION (5s),
// BENCH_CONNECTIONS (20), BENCH_PATHS (a comma-separated list, default `/`). The servers start
// unpinned (a PGlite start-up on a busy core can outlast the wait) and are then moved to core 0;
// wrk runs on core 1.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { isPinned, pinned, startProductionServer } from "./support/production-server.js";
import { cpuMicroseconds } from "./support/process-cpu.js";
import { builds } from "./support/two-builds.js";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const duration = process.env.BENCH_DURATION ?? "5s";
const connections = process.env.BENCH_CONNECTIONS ?? "20";
const paths = (process.env.BENCH_PATHS ?? "/").split(",");
const ports = { before: Number(process.env.BENCH_BASELINE_PORT ?? 4601), after: Number(process.env.BENCH_PORT ?? 4600) };
const milliseconds = (text) => {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text) ?? [];
  return Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
};
function wrk(url, length) {
  const [command, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${length}`, "--latency", "-H", "Accept-Encoding: gzip, br", url]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    p50: milliseconds(/50%\s+(\S+)/.exec(output)?.[1] ?? ""),
    p99: milliseconds(/99%\s+(\S+)/.exec(output)?.[1] ?? ""),
    errors: /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? "0",
  };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const loadBefore = load();
const servers = {};
const results = {};
try {
  for (const which of ["before", "after"]) {
    servers[which] = await startProductionServer({ port: ports[which], env: { BUILD_DIR: builds[which], PAGE_CACHE: "off" } });
    if (isPinned) execFileSync("taskset", ["-a", "-p", "-c", "0", String(servers[which].child.pid)], { stdio: "ignore" });
  }
  for (const which of ["before", "after"]) for (const pathname of paths) wrk(`http://127.0.0.1:${ports[which]}${pathname}`, "3s");
  for (const pathname of paths) {
    results[pathname] = { before: [], after: [] };
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 === 0 ? ["before", "after"] : ["after", "before"]) {
        const pid = servers[which].child.pid;
        const cpu = cpuMicroseconds(pid);
        const result = wrk(`http://127.0.0.1:${ports[which]}${pathname}`, duration);
        results[pathname][which].push({ ...result, cpu: (cpuMicroseconds(pid) - cpu) / Math.max(1, result.requests) });
      }
    }
    const line = (which) => results[pathname][which].map((r) => `${Math.round(r.requestsPerSecond)} (${Math.round(r.cpu)} µs)`).join(" / ");
    console.error(`${pathname}: before ${line("before")}; after ${line("after")}`);
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
}

const lines = [
  `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end.`,
  `- Method: \`node scripts/bench-render-ab.js\`: \`PAGE_CACHE=off\`, both servers on core 0 (one loaded at a time), \`wrk -t1 -c${connections} -d${duration} --latency\` on core 1, \`Accept-Encoding: gzip, br\`; ${rounds} rounds in alternating order after 3 s of warm-up each; medians.`,
  "",
  "| page | build | req/s | p50 | p99 | CPU µs per answer | non-2xx | each round, req/s |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const pathname of paths) {
  for (const which of ["before", "after"]) {
    const runs = results[pathname][which];
    lines.push(
      `| \`${pathname}\` | ${which} | ${Math.round(median(runs.map((r) => r.requestsPerSecond)))} | ${median(runs.map((r) => r.p50)).toFixed(1)} ms | ${median(runs.map((r) => r.p99)).toFixed(1)} ms | ${Math.round(median(runs.map((r) => r.cpu)))} | ${runs.map((r) => r.errors).join("/")} | ${runs.map((r) => Math.round(r.requestsPerSecond)).join(" / ")} |`,
    );
  }
  const ratios = results[pathname].after.map((after, index) => after.requestsPerSecond / results[pathname].before[index].requestsPerSecond);
  const cpu = (which) => median(results[pathname][which].map((r) => r.cpu));
  // Each round's two measurements follow each other: their ratio moves less with the machine's load
  // than the ratio of the two medians, taken from different rounds.
  const cpuRatios = results[pathname].after.map((after, index) => after.cpu / results[pathname].before[index].cpu);
  lines.push(
    "",
    `\`${pathname}\`: after/before ${median(ratios).toFixed(3)}× pages a second (median of the rounds' pairs), ${(cpu("after") / cpu("before")).toFixed(3)}× CPU per answer (${median(cpuRatios).toFixed(3)}× the median of the rounds' pairs).`,
    "",
  );
}
console.log(lines.join("\n"));
