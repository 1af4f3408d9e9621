// `npm run bench:statistics` (second part): the statistics' cost over HTTP, on the production
// build. Beacons per second accepted by one server pinned to one core; cached `/` throughput
// with ANALYTICS=on against ANALYTICS=off, measured in alternation in one run; the bytes the
// tracking script adds to a page. Servers on core 0, wrk on core 1. Writes bench/statistics-http.md.
// BENCH_PORT (5801; the next port too), BENCH_DURATION (5s), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { pinned, startProductionServer } from "./support/production-server.js";

const port = Number(process.env.BENCH_PORT ?? 5801);
const duration = process.env.BENCH_DURATION ?? "5s";
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = process.env.BENCH_CONNECTIONS ?? "50";
const token = "statistics-bench-metrics-token";
const person = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0) {
  console.error("wrk is needed: apt-get install wrk");
  process.exit(1);
}

function wrk(url, extra = []) {
  const [command, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${duration}`, "-H", "Accept-Encoding: gzip, br", ...extra, url]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const seconds = Number(/requests in ([\d.]+)s/.exec(output)?.[1] ?? 1);
  return { requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0), accepted: (requests - failed) / seconds, failed };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const started = new Date();
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const loadBefore = load();
const env = { ANALYTICS_RATE_LIMIT: "1000000", METRICS_TOKEN: token };
// BENCH_SWAP=1 starts the "off" server first, on the first port (a check that an order or port effect is not read as a cost).
const swap = process.env.BENCH_SWAP === "1";
const ports = { on: swap ? port + 1 : port, off: swap ? port : port + 1 };
const off = swap ? await startProductionServer({ port: ports.off, core: 0, env: { ...env, ANALYTICS: "off" } }) : undefined;
const on = await startProductionServer({ port: ports.on, core: 0, env: { ...env, ANALYTICS: "on" } });
const offServer = off ?? (await startProductionServer({ port: ports.off, core: 0, env: { ...env, ANALYTICS: "off" } }));
/** @type {{ on: number[]; off: number[] }} */
const results = { on: [], off: [] };
let beacons;
let script;
try {
  for (const url of [`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port + 1}/`]) wrk(url); // warm the caches
  const pageUrl = { on: `http://127.0.0.1:${ports.on}/`, off: `http://127.0.0.1:${ports.off}/` };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
    for (const which of order) results[which].push(wrk(pageUrl[which]).requestsPerSecond);
  }
  await offServer.stop();

  const lua = path.join(os.tmpdir(), `statistics-beacon-${process.pid}.lua`);
  const body = JSON.stringify({
    n: "pageview",
    u: `http://127.0.0.1:${ports.on}/fees?utm_source=bench&utm_campaign=bench`,
    r: "https://www.google.com/",
    w: 1280,
  });
  fs.writeFileSync(
    lua,
    `wrk.method = "POST"\nwrk.body = '${body}'\nwrk.headers["Content-Type"] = "text/plain"\nwrk.headers["User-Agent"] = "${person}"\n`,
  );
  beacons = wrk(`http://127.0.0.1:${ports.on}/api/visit`, ["-s", lua]);
  fs.rmSync(lua);
  // Let the queue drain, then read what the server accepted, dropped and refused.
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const metrics = await (await fetch(`http://127.0.0.1:${ports.on}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const figure = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, "m").exec(metrics)?.[1] ?? NaN);
  beacons.metrics = { accepted: figure("statistics_beacons_accepted"), dropped: figure("statistics_events_dropped") };

  const text = await (await fetch(`http://127.0.0.1:${ports.on}/visit.js`)).text();
  script = {
    raw: Buffer.byteLength(text),
    gzip: zlib.gzipSync(text, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
} finally {
  await on.stop();
  await offServer.stop().catch(() => {});
}

const onMedian = median(results.on);
const offMedian = median(results.off);
const markdown = `# Statistics over HTTP

Measured ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus()[0]?.model ?? "unknown CPU"} (${os.cpus().length} cores, shared with other work; load before ${loadBefore}, after ${load()}), Node ${process.version}, the production build on PGlite. \`node scripts/bench-statistics.js\`: servers pinned to core 0, wrk (1 thread, ${connections} connections, ${duration} each) on core 1.

## Cached \`/\` with statistics on and off

${rounds} rounds in alternation, requests per second (the ${swap ? '"off"' : '"on"'} server started first, on port ${port}):

| ANALYTICS | rounds | median |
| --- | --- | --- |
| on | ${results.on.map((value) => value.toFixed(0)).join(", ")} | **${onMedian.toFixed(0)}** |
| off | ${results.off.map((value) => value.toFixed(0)).join(", ")} | **${offMedian.toFixed(0)}** |

Difference of the medians: ${(((onMedian - offMedian) / offMedian) * 100).toFixed(1)}%. The cached page's path does no statistics work (the page cache answers before Express; the HTML differs only by the layout's flag in its data), so this is the machine's noise: rounds of the same server differ by as much (see the rounds; the load average above). A quiet machine is needed for a finer figure.

## Beacons

One server on one core, one pageview beacon posted over and over (rate limit raised for the run): **${beacons.accepted.toFixed(0)} beacons accepted per second** (${beacons.failed} refused). The server's own count after the queue drained: ${beacons.metrics.accepted} accepted, ${beacons.metrics.dropped} dropped from a full queue.

## The tracking script

\`/visit.js\`: ${script.raw} bytes, ${script.gzip} gzip, **${script.brotli} brotli** (budget 1,536), loaded after the page has hydrated.
`;
fs.writeFileSync(path.resolve("bench/statistics-http.md"), markdown);
console.log(markdown);
