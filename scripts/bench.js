// `npm run bench`: measures the production server with wrk, logging as it does by default,
// against a minimal node:http server and nginx (gzip_static) sending the same gzip bytes of `/`
// (nginx is skipped, with a line saying so, when it is not installed); the bytes of each answer;
// visitors' p99 while an administrator saves many times; uncached rendering; peak memory; and
// writes bench/results.md. Servers run on core 0, wrk on core 1 (taskset), so they do not compete.
//
// The machines this runs on change speed by a fifth or more within a minute (other tenants of
// the host): one baseline taken minutes before a measurement compared two different machines.
// Each URL's measurement is therefore bracketed by baseline runs just before and just after it,
// and its ratio is taken against their mean.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { benchPagePaths } from "../app/features/seo/public-pages.js";
import { measureSaveBurst, milliseconds } from "./support/bench-saves.js";
import { headerFields, nginxPath, rawAnswer, startNginx, startNodeBaseline } from "./support/bench-servers.js";
import { buildUnlessSkipped, isPinned, pinned, root, startProductionServer } from "./support/production-server.js";

// BENCH_S3=1: the cached pages with uploads in an S3-compatible bucket against the local disk.
if (process.env.BENCH_S3 === "1") await import("./bench-s3.js");

const duration = process.env.BENCH_DURATION ?? "10s";
/** wrk's duration (`10s`, `2m`, `1h`; a bare number is seconds) in seconds. */
function seconds(value) {
  const match = /^(\d+)(s|m|h)?$/.exec(value.trim());
  if (!match) {
    console.error(`BENCH_DURATION must be like 10s, 2m or 1h, not "${value}"`);
    process.exit(1);
  }
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] ?? "s"];
}
// Each bracketing baseline run lasts half as long as a measurement, so both together match it.
const baselineDuration = `${Math.max(1, Math.round(seconds(duration) / 2))}s`;
const connections = process.env.BENCH_CONNECTIONS ?? "50";
// Uncached rendering is measured with fewer connections, as the targets are stated (20).
const uncachedConnections = process.env.BENCH_UNCACHED_CONNECTIONS ?? "20";
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const paths = benchPagePaths;
const serverPort = Number(process.env.BENCH_PORT ?? 4600);
const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 4601);
const nginxPort = baselinePort + 1;
const sameHeadPort = baselinePort + 2;
const logFile = path.join(os.tmpdir(), `bench-site-${process.pid}.log`);

// A new unknown path on every request, as a scanner sends them: each must be answered with the
// one cached not-found page, not rendered, and must not grow the server's memory.
const randomPathScript = path.join(os.tmpdir(), `bench-random-path-${process.pid}.lua`);
fs.writeFileSync(
  randomPathScript,
  `counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/no-such-page/" .. math.random(1, 1073741824) .. "-" .. counter)
end
`,
);
/** The rows measured on the cached server only: what campaign links, scanners and slash variants cost. */
const variants = [
  { pathname: "/?utm_source=newsletter&utm_medium=email" },
  { pathname: "/no-such-page/<random>", label: "random unknown path (404)", script: randomPathScript, status: 404 },
  { pathname: "/fees/", label: "`/fees/` (301 to `/fees`)" },
];

function ensureWrk() {
  if (spawnSync("sh", ["-c", "command -v wrk"]).status === 0) return;
  console.log("Installing wrk from Debian's packages...");
  execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk"], { stdio: "inherit" });
}

function peakRss(pid) {
  // taskset execs the command, so the pid is the server's own.
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** @typedef {{ requestsPerSecond: number; requests: number; p50: string; p99: string; errors: number }} WrkRun */
/** What a measurement loads: a path, or a wrk script choosing one per request, and the status that is right. */
/** @typedef {{ pathname: string; label?: string; script?: string; status?: number }} LoadTarget */

/**
 * @param {string} url
 * @param {string} [length]
 * @param {{ script?: string; status?: number; encoding?: string; clients?: string }} [options]
 * @returns {WrkRun}
 */
function wrk(url, length = duration, { script, status, encoding = "gzip, br", clients = connections } = {}) {
  const scriptArgs = script ? ["-s", script] : [];
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    `-c${clients}`,
    `-d${length}`,
    "--latency",
    ...scriptArgs,
    "-H",
    `Accept-Encoding: ${encoding}`,
    url,
  ]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p50 = /50%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?";
  const p99 = /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?";
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  // wrk counts answers of 400 and above; where a 404 is the right answer, any other is the error.
  const wrongStatuses = status === 404 ? requests - non2xx : non2xx;
  const errors = wrongStatuses + (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0);
  return { requestsPerSecond, requests, p50, p99, errors };
}

/** Load on each page before measuring: the figures are of a server that has been running, with its code optimised. */
/** @param {number} port @param {LoadTarget[]} [rows] */
function warmUp(port, rows = paths.map((pathname) => ({ pathname })), clients = connections) {
  for (const { pathname, script } of rows) {
    const scriptArgs = script ? ["-s", script] : [];
    const target = `http://127.0.0.1:${port}${script ? "/" : pathname}`;
    const [command, args] = pinned(1, "wrk", ["-t1", `-c${clients}`, "-d3s", ...scriptArgs, "-H", "Accept-Encoding: gzip, br", target]);
    execFileSync(command, args, { stdio: "ignore" });
  }
}

/** CPU time the process has used, user and system, in microseconds (from its clock ticks). */
const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

/**
 * One URL's measurement, with the baseline measured just before and just after it, and the
 * server's own CPU time per answer: on a shared machine that figure moves far less than req/s.
 * @param {number} port
 * @param {string} pathname
 * @param {Omit<LoadTarget, "pathname">} variant
 * @param {number | undefined} pid
 */
function measure(port, pathname, { script, status, label } = {}, pid, clients = connections) {
  const before = wrk(`http://127.0.0.1:${baselinePort}/`, baselineDuration);
  const cpuBefore = cpuMicroseconds(pid);
  const result = /** @type {WrkRun & { cpuPerRequest: number }} */ (
    wrk(`http://127.0.0.1:${port}${script ? "/" : pathname}`, duration, { script, status, clients })
  );
  result.cpuPerRequest = (cpuMicroseconds(pid) - cpuBefore) / Math.max(1, result.requests);
  const after = wrk(`http://127.0.0.1:${baselinePort}/`, baselineDuration);
  const baseline = (before.requestsPerSecond + after.requestsPerSecond) / 2;
  return { pathname, label, ...result, baseline, ratio: result.requestsPerSecond / baseline, baselineErrors: before.errors + after.errors };
}

/** The bytes of `/` and of its 304 as each server sends them, to a browser asking for gzip and brotli. */
async function answerBytes(port, etag) {
  const gzip = await rawAnswer(port, "/", { "Accept-Encoding": "gzip" });
  const brotli = await rawAnswer(port, "/", { "Accept-Encoding": "gzip, br" });
  const revalidated = etag ? await rawAnswer(port, "/", { "Accept-Encoding": "gzip, br", "If-None-Match": etag }) : undefined;
  return { gzip, brotli, revalidated };
}

/**
 * Cached `/` on the site, the node:http servers and nginx in turn, `rounds` times, rotating the
 * order; with each server's CPU time per answer where its process is known.
 * @param {{ name: string; port: number; pid?: number }[]} servers
 */
function compareServers(servers) {
  /** @type {Record<string, (WrkRun & { cpuPerRequest?: number })[]>} */
  const runs = Object.fromEntries(servers.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < servers.length; index++) {
      const { name, port, pid } = servers[(index + round) % servers.length];
      const cpuBefore = pid === undefined ? 0 : cpuMicroseconds(pid);
      const result = wrk(`http://127.0.0.1:${port}/`, duration, { encoding: "gzip" });
      const cpuPerRequest = pid === undefined ? undefined : (cpuMicroseconds(pid) - cpuBefore) / Math.max(1, result.requests);
      runs[name].push({ ...result, cpuPerRequest });
    }
  }
  return runs;
}

/** Lines in a file, read in 1 MB pieces: a run's log can be larger than a string may be (512 MB). */
function countLines(file) {
  const descriptor = fs.openSync(file, "r");
  const buffer = Buffer.alloc(1 << 20);
  let lines = 0;
  for (let read; (read = fs.readSync(descriptor, buffer, 0, buffer.length, null)) > 0;) {
    for (let at = buffer.indexOf(10); at !== -1 && at < read; at = buffer.indexOf(10, at + 1)) lines += 1;
  }
  fs.closeSync(descriptor);
  return lines;
}

ensureWrk();
buildUnlessSkipped();
const nginx = nginxPath();
if (!nginx) console.log("nginx is not installed: the comparison with nginx gzip_static is skipped (apt-get install nginx to include it).");
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const loadBefore = loadAverage();

// The site as it runs by default: request lines at level info, to a file.
const cached = await startProductionServer({ port: serverPort, core: 0, env: { LOG_LEVEL: "info" }, logFile });
for (const pathname of paths) await (await fetch(`http://127.0.0.1:${serverPort}${pathname}`)).arrayBuffer();
// Each variant answers as it should: the bare copy, the 404, the move. Asked now, while the
// connections are fresh: wrk runs block this process, whose pool would then reuse a dropped one.
// Each body is read to its end, or its connection stays taken until the server drops it.
const answer = async (pathname) => {
  const response = await fetch(`http://127.0.0.1:${serverPort}${pathname}`, { redirect: "manual" });
  await response.arrayBuffer();
  return response;
};
const landingEtag = (await answer("/")).headers.get("etag");
const campaign = await answer(variants[0].pathname);
const unknown = await answer(`/no-such-page/${Date.now()}`);
const moved = await answer("/fees/");
const variantsAnswer = campaign.headers.get("etag") === landingEtag && unknown.status === 404 && moved.status === 301;
// The baselines send the site's own gzip bytes of `/`, once the copies are at the best
// compression (a fresh copy is compressed quickly, and again 2 s later: recompression.ts).
await new Promise((resolve) => setTimeout(resolve, 3000));
const siteBytes = await answerBytes(serverPort, landingEtag);
const gzipped = siteBytes.gzip.body;
const landing = zlib.gunzipSync(gzipped);
const baseline = await startNodeBaseline(gzipped, baselinePort, 0);
// The same bytes with the site's own head: what the site's code costs, apart from what its headers do.
const sameHead = await startNodeBaseline(gzipped, sameHeadPort, 0, headerFields(siteBytes.gzip.head));
const nginxServer = nginx ? await startNginx(nginx, gzipped, nginxPort, 0) : undefined;
const bytes = {
  site: siteBytes,
  node: await answerBytes(baselinePort),
  nodeSameHead: await answerBytes(sameHeadPort),
  nginx: nginxServer ? await answerBytes(nginxPort) : undefined,
};
const servers = [
  { name: "site", port: serverPort, pid: cached.child.pid },
  { name: "node", port: baselinePort, pid: baseline.child.pid },
  { name: "nodeSameHead", port: sameHeadPort, pid: sameHead.child.pid },
  ...(nginxServer ? [{ name: "nginx", port: nginxPort }] : []),
];
for (const { port } of servers) wrk(`http://127.0.0.1:${port}/`, "3s", { encoding: "gzip" });
const comparison = compareServers(servers);

warmUp(serverPort);
const cachedResults = paths.map((pathname) => measure(serverPort, pathname, {}, cached.child.pid));
const rssBeforeVariants = peakRss(cached.child.pid);
warmUp(serverPort, variants);
const variantResults = variants.map((variant) => measure(serverPort, variant.pathname, variant, cached.child.pid));
const rssBeforeSaves = peakRss(cached.child.pid);
const saveBurst = await measureSaveBurst({
  port: serverPort,
  connections: Number(process.env.BENCH_SAVE_CONNECTIONS ?? 100),
  saves: Number(process.env.BENCH_SAVES ?? 150),
  quietDuration: duration,
  wrkCore: 1,
});
const cachedRss = peakRss(cached.child.pid);
await cached.stop();
const logLines = countLines(logFile);
fs.rmSync(logFile, { force: true });

const uncached = await startProductionServer({ port: serverPort, core: 0, env: { PAGE_CACHE: "off", LOG_LEVEL: "info" }, logFile });
warmUp(serverPort, undefined, uncachedConnections);
const uncachedResults = paths.map((pathname) => measure(serverPort, pathname, {}, uncached.child.pid, uncachedConnections));
const uncachedRss = peakRss(uncached.child.pid);
await uncached.stop();
fs.rmSync(logFile, { force: true });
await baseline.stop();
await sameHead.stop();
await nginxServer?.stop();
fs.rmSync(randomPathScript, { force: true });

const { writeReport } = await import("./support/bench-report.js");
const met = writeReport({
  root,
  nginx,
  environment: {
    loadBefore,
    loadAfter: loadAverage(),
    isPinned,
    duration,
    baselineDuration,
    connections,
    uncachedConnections,
    rounds,
    landing,
  },
  comparison,
  bytes,
  cachedResults,
  variantResults,
  uncachedResults,
  variantsAnswer,
  saveBurst,
  rss: { rssBeforeVariants, rssBeforeSaves, cachedRss, uncachedRss },
  logLines,
  milliseconds,
});
process.exit(met ? 0 : 1);
