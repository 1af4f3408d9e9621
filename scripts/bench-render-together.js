// `node scripts/bench-render-together.js`: uncached renders (PAGE_CACHE=off) of two production
// builds served at the same time, both on core 0, each loaded by its own wrk on core 1 over the
// same seconds. Each round's ratio of the server CPU time per answer is then measured under the
// same load, which on a shared machine moves far less than two measurements taken one after the
// other (scripts/bench-render-ab.js). Pages a second are not comparable with a server that has a
// core of its own: the two share one. BASELINE_BUILD_DIR (build-before) and BUILD_DIR (build);
// BENCH_PORT (4600) and BENCH_BASELINE_PORT (4601); BENCH_ROUNDS (7), BENCH_DURATION (6s),
// BENCH_CONNECTIONS (20 each), BENCH_PATH (`/`).
import { execFile, execFileSync } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";
import { isPinned, pinned, startProductionServer } from "./support/production-server.js";
import { cpuMicroseconds } from "./support/process-cpu.js";
import { builds } from "./support/two-builds.js";

const run = promisify(execFile);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const duration = process.env.BENCH_DURATION ?? "6s";
const connections = process.env.BENCH_CONNECTIONS ?? "20";
const pathname = process.env.BENCH_PATH ?? "/";
const ports = { before: Number(process.env.BENCH_BASELINE_PORT ?? 4601), after: Number(process.env.BENCH_PORT ?? 4600) };
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
async function wrk(which, length) {
  const url = `http://127.0.0.1:${ports[which]}${pathname}`;
  const [command, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${length}`, "--latency", "-H", "Accept-Encoding: gzip, br", url]);
  const { stdout } = await run(command, args, { encoding: "utf8" });
  return { requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0), p99: /99%\s+(\S+)/.exec(stdout)?.[1] ?? "?" };
}

const loadBefore = load();
const servers = {};
const ratios = [];
const lines = [];
try {
  for (const which of ["before", "after"]) {
    servers[which] = await startProductionServer({
      port: ports[which],
      env: { BUILD_DIR: builds[which], PAGE_CACHE: "off", LOG_REQUESTS: "off" },
    });
    if (isPinned) execFileSync("taskset", ["-a", "-p", "-c", "0", String(servers[which].child.pid)], { stdio: "ignore" });
  }
  await Promise.all([wrk("before", "3s"), wrk("after", "3s")]);
  for (let round = 1; round <= rounds; round++) {
    const pids = { before: servers.before.child.pid, after: servers.after.child.pid };
    const cpu = { before: cpuMicroseconds(pids.before), after: cpuMicroseconds(pids.after) };
    const [before, after] = await Promise.all([wrk("before", duration), wrk("after", duration)]);
    const perAnswer = {
      before: (cpuMicroseconds(pids.before) - cpu.before) / Math.max(1, before.requests),
      after: (cpuMicroseconds(pids.after) - cpu.after) / Math.max(1, after.requests),
    };
    ratios.push(perAnswer.after / perAnswer.before);
    lines.push(
      `| ${round} | ${before.requests} | ${Math.round(perAnswer.before)} | ${after.requests} | ${Math.round(perAnswer.after)} | ${(perAnswer.after / perAnswer.before).toFixed(3)} |`,
    );
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
}
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
console.log(
  [
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end.`,
    `- Method: \`node scripts/bench-render-together.js\`: \`PAGE_CACHE=off\`, both servers on core 0 at once, each under its own \`wrk -t1 -c${connections} -d${duration}\` on core 1 (\`${pathname}\`, \`Accept-Encoding: gzip, br\`), ${rounds} rounds after 3 s of warm-up.`,
    "",
    "| round | before: answers | before: CPU µs per answer | after: answers | after: CPU µs per answer | after/before |",
    "| --- | --- | --- | --- | --- | --- |",
    ...lines,
    "",
    `CPU per answer, after/before: **${median.toFixed(3)}×** (median of the rounds).`,
  ].join("\n"),
);
