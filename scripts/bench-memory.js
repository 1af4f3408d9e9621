// `node scripts/bench-memory.js`: peak memory of the production server on the embedded database,
// variants side by side in one run and interleaved (A B, B A, ...), with the bench's own load
// (`npm run bench`): cached pages under wrk (the busiest pages, random unknown paths, then 150
// saves under 100 connections) and, on a second server, every request rendered
// (PAGE_CACHE=off, 20 connections). For each: peak RSS (VmHWM), the server's CPU µs per answer,
// and the breakdown at the peak by scripts/support/memory-probe.js. Writes bench/memory-ab.md.
//
// BENCH_MEMORY_VARIANTS: a JSON list of { name, root?, env?, nodeArgs?, startSettings? }; `root` is
// a directory with its own server.js and build (a checkout of an earlier commit, built), default
// this one; startSettings: false starts without what `npm start` sets (support/start-settings.js).
// BENCH_ROUNDS (2), BENCH_DURATION (4s), BENCH_PORT (6100), BENCH_MEMORY_MODES (cached,uncached).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchPagePaths } from "../app/features/seo/public-pages.js";
import { measureSaveBurst } from "./support/bench-saves.js";
import { pinned, root, startProductionServer } from "./support/production-server.js";

const variants = JSON.parse(process.env.BENCH_MEMORY_VARIANTS ?? '[{"name":"this build"}]');
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const duration = process.env.BENCH_DURATION ?? "4s";
const port = Number(process.env.BENCH_PORT ?? 6100);
const modes = (process.env.BENCH_MEMORY_MODES ?? "cached,uncached").split(",");
const output = path.join(root, "bench", process.env.BENCH_MEMORY_OUTPUT ?? "memory-ab.md");
const probe = path.join(root, "scripts/support/memory-probe.js");
const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const randomPathScript = path.join(os.tmpdir(), `bench-memory-random-${process.pid}.lua`);
fs.writeFileSync(
  randomPathScript,
  `counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/no-such-page/" .. math.random(1, 1073741824) .. "-" .. counter)
end
`,
);

function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}
function statusKb(pid, name) {
  return Number(new RegExp(`${name}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}
/** @param {string} pathname @param {{ clients: number; length?: string; script?: string }} options */
function wrk(pathname, { clients, length = duration, script }) {
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    `-c${clients}`,
    `-d${length}`,
    ...(script ? ["-s", script] : []),
    "-H",
    "Accept-Encoding: gzip, br",
    `http://127.0.0.1:${port}${pathname}`,
  ]);
  const text = execFileSync(command, args, { encoding: "utf8" });
  return {
    requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0),
  };
}

async function measureOnce(variant, mode) {
  const probeFile = path.join(os.tmpdir(), `bench-memory-probe-${process.pid}.json`);
  const server = await startProductionServer({
    port,
    core: 0,
    directory: variant.root ? path.resolve(root, variant.root) : root,
    startSettings: variant.startSettings ?? true,
    env: { LOG_LEVEL: "info", MEMORY_PROBE_FILE: probeFile, ...(mode === "uncached" ? { PAGE_CACHE: "off" } : {}), ...variant.env },
    logFile: path.join(os.tmpdir(), `bench-memory-${process.pid}.log`),
    nodeArgs: ["--import", probe, ...(variant.nodeArgs ?? [])],
  });
  const pid = /** @type {number} */ (server.child.pid);
  const clients = mode === "uncached" ? 20 : 50;
  const startedKb = statusKb(pid, "VmHWM");
  for (const pathname of benchPagePaths) wrk(pathname, { clients, length: "3s" });
  const cpuBefore = cpuMicroseconds(pid);
  let requests = 0;
  const perPage = {};
  for (const pathname of benchPagePaths) {
    const run = wrk(pathname, { clients });
    requests += run.requests;
    perPage[pathname] = run.requestsPerSecond;
  }
  const cpuPerAnswer = (cpuMicroseconds(pid) - cpuBefore) / Math.max(1, requests);
  const loadedKb = statusKb(pid, "VmHWM");
  let savesKb;
  if (mode === "cached") {
    wrk("/", { clients, script: randomPathScript });
    await measureSaveBurst({ port, connections: 100, saves: 150, quietDuration: "2s", wrkCore: 1 });
    savesKb = statusKb(pid, "VmHWM");
  }
  process.kill(pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 500));
  const breakdown = JSON.parse(fs.readFileSync(probeFile, "utf8"));
  await server.stop();
  fs.rmSync(probeFile, { force: true });
  return { startedKb, loadedKb, savesKb, peakKb: statusKbFrom(breakdown), cpuPerAnswer, perPage, breakdown };
}
const statusKbFrom = (breakdown) => Math.max(breakdown.now.hwmKb, breakdown.peak.rssKb);

const loadBefore = load();
const started = new Date();
/** @type {Record<string, Record<string, Awaited<ReturnType<typeof measureOnce>>[]>>} */
const results = Object.fromEntries(modes.map((mode) => [mode, Object.fromEntries(variants.map(({ name }) => [name, []]))]));
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const result = await measureOnce(variant, mode);
      results[mode][variant.name].push(result);
      console.log(
        `${mode} ${variant.name}: peak ${Math.round(result.peakKb / 1024)} MB (started ${Math.round(result.startedKb / 1024)}, loaded ${Math.round(result.loadedKb / 1024)}${result.savesKb ? `, after saves ${Math.round(result.savesKb / 1024)}` : ""}), ${result.cpuPerAnswer.toFixed(1)} µs CPU/answer`,
      );
    }
  }
}
fs.rmSync(randomPathScript, { force: true });

const mb = (kb) => Math.round(kb / 1024);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const lines = [
  `# Peak memory, variants side by side`,
  "",
  `- Date: ${started.toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end (the machine is shared: CPU figures move by a third from one measurement to the next).`,
  `- Method: \`node scripts/bench-memory.js\`, ${rounds} rounds, variants alternated; each measurement a fresh server on a new embedded database, on core 0, wrk on core 1. Cached: 3 s warm-up and ${duration} of 50 connections on each of ${benchPagePaths.join(", ")}, ${duration} of random unknown paths, then 2 s and 150 saves under 100 connections. Uncached (\`PAGE_CACHE=off\`): the same pages with 20 connections. Peak = VmHWM, the highest of the rounds first; CPU = the server's user+system time over the pages' measurements divided by the answers.`,
  `- Variants: ${variants.map((variant) => `**${variant.name}**${variant.root ? ` (${variant.root})` : ""}${variant.env ? ` env ${JSON.stringify(variant.env)}` : ""}${variant.nodeArgs ? ` node ${variant.nodeArgs.join(" ")}` : ""}${variant.startSettings === false ? ", without the start settings" : ", with the start settings"}`).join("; ")}`,
  "",
];
for (const mode of modes) {
  lines.push(`## ${mode === "cached" ? "Cached pages" : "Every request rendered (`PAGE_CACHE=off`)"}`, "");
  lines.push(
    "| variant | peak RSS, MB: highest (each round) | after start | after the pages | CPU µs/answer: mean (each round) |",
    "| --- | --- | --- | --- | --- |",
  );
  for (const { name } of variants) {
    const runs = results[mode][name];
    lines.push(
      `| ${name} | **${mb(Math.max(...runs.map((run) => run.peakKb)))}** (${runs.map((run) => mb(run.peakKb)).join(" / ")}) | ${runs.map((run) => mb(run.startedKb)).join(" / ")} | ${runs.map((run) => mb(run.loadedKb)).join(" / ")} | ${mean(runs.map((run) => run.cpuPerAnswer)).toFixed(1)} (${runs.map((run) => run.cpuPerAnswer.toFixed(1)).join(" / ")}) |`,
    );
  }
  lines.push("", "Breakdown at each variant's peak (its last round), MB resident:", "");
  lines.push(
    "| variant | RSS | PGlite wasm memory: resident / byteLength | V8 heap (new / old / code / large) | other anonymous (compiled wasm, PGlite's kept files, large mallocs) | glibc main arena | glibc thread arenas (count) | mapped files (node, libraries) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const { name } of variants) {
    const { peak } = /** @type {NonNullable<ReturnType<typeof results[string][string]["at"]>>} */ (results[mode][name].at(-1)).breakdown;
    const spaces = peak.v8.spaces;
    const large = (spaces.large_object_space ?? 0) + (spaces.new_large_object_space ?? 0) + (spaces.code_large_object_space ?? 0);
    lines.push(
      `| ${name} | ${mb(peak.rssKb)} | ${mb(peak.owners.wasm)} / ${peak.wasm.map((memory) => memory.byteLength >> 20).join(", ")} | ${peak.v8.totalPhysical >> 20} (${spaces.new_space >> 20} / ${spaces.old_space >> 20} / ${spaces.code_space >> 20} / ${large >> 20}) | ${Math.max(0, mb(peak.owners.anonymousOther) - (peak.v8.totalPhysical >> 20))} | ${mb(peak.owners.mainArena)} | ${mb(peak.owners.threadArenas)} (${peak.owners.threadArenaCount}) | ${mb(peak.owners.files)} |`,
    );
  }
  lines.push("");
}
fs.writeFileSync(output, lines.join("\n"));
console.log(`wrote ${path.relative(root, output)}`);
