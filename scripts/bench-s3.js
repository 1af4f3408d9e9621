// `BENCH_S3=1 npm run bench` (or `npm run bench:s3`): the cached public pages with uploads in an
// S3-compatible bucket against the same pages with uploads on the local disk, measured A/B
// interleaved; writes bench/s3-results.md.
//
// Two production servers run side by side on core 0, each on a fresh embedded database with the
// same uploaded images (one on its DATA_DIR, one in a bucket of s3rver, an S3-compatible server
// started here in a child process), and wrk on core 1 takes turns between them: A, B, B, A, ...
// for several rounds, so that the machine's changing speed (other tenants) falls on both alike.
// Images are not on a page's path (the page names them; the browser fetches them), so the pages'
// figures should agree within noise. The images themselves are measured too, through the site
// (`/uploads/...`): from the disk with express.static, from the bucket streamed from s3rver.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildUnlessSkipped, isPinned, pinned, root, startProductionServer, stopProcess } from "./support/production-server.js";

const duration = process.env.BENCH_DURATION ?? "5s";
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const connections = process.env.BENCH_CONNECTIONS ?? "50";
const localPort = Number(process.env.BENCH_PORT ?? 4600);
const s3Port = Number(process.env.BENCH_BASELINE_PORT ?? 4601);
const pages = ["/", "/fees"];
const ACCOUNT = { email: "bench@example.com", password: "bench-password-1", name: "bench" };

/** @typedef {{ requestsPerSecond: number; requests: number; p50: string; p99: string; errors: number }} WrkRun */
/** A run with the server's own CPU time per answer. @typedef {WrkRun & { cpuPerRequest: number }} MeasuredRun */

/** @param {string} url @returns {WrkRun} */
function wrk(url) {
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    `-c${connections}`,
    `-d${duration}`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip, br",
    url,
  ]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    requests,
    p50: /50%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?",
    p99: /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?",
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
  };
}

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
/** CPU time the process has used, user and system, in microseconds. */
function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

/** s3rver in its own process (wrk blocks this one), on core 1 beside wrk, with one bucket. */
async function startS3rver() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-s3-"));
  const source = `
    const S3rver = require("s3rver");
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: "bench-uploads" }] });
    server.run().then(({ port }) => console.log(JSON.stringify({ port })));`;
  const [command, args] = pinned(1, process.execPath, ["-e", source]);
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(JSON.parse(String(chunk)).port));
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code}`)));
  });
  return {
    env: {
      S3_BUCKET: "bench-uploads",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    async stop() {
      await stopProcess(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Signs up the first account (the administrator) and uploads the same images into the page's image slots. */
async function uploadImages(port, images) {
  const origin = `http://127.0.0.1:${port}`;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify(ACCOUNT),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const urls = [];
  for (const [page, section, bytes] of images) {
    const answer = await fetch(`${origin}/admin/upload?page=${page}&section=${section}`, {
      method: "POST",
      headers: { origin, cookie },
      body: bytes,
    });
    if (!answer.ok) throw new Error(`upload of ${section} failed: ${answer.status} ${await answer.text()}`);
    urls.push((await answer.json()).url);
  }
  return urls;
}

buildUnlessSkipped();
const s3 = await startS3rver();
const local = await startProductionServer({ port: localPort, core: 0 });
const bucket = await startProductionServer({ port: s3Port, core: 0, env: s3.env });
const photo = (r, g, b) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
const images = [
  ["home", "hero_image", await photo(30, 90, 160)],
  [
    "global",
    "header_logo_url",
    await sharp({ create: { width: 360, height: 96, channels: 3, background: "#123456" } })
      .png()
      .toBuffer(),
  ],
];
const localImages = await uploadImages(localPort, images);
const bucketImages = await uploadImages(s3Port, images);
// One WebP copy of the hero image, as a browser picks from the srcset.
const copyOf = (url) => url.replace(/\.jpg$/, "-w960.webp");

const targets = [
  { label: "A: local disk", port: localPort, pid: local.child.pid, images: localImages },
  { label: "B: S3 bucket", port: s3Port, pid: bucket.child.pid, images: bucketImages },
];
// Both pages carry their uploads, and both servers answer them.
for (const target of targets) {
  const html = await (await fetch(`http://127.0.0.1:${target.port}/`)).text();
  if (!html.includes(target.images[0])) throw new Error(`${target.label}: the landing page does not name its uploaded image`);
  const image = await fetch(`http://127.0.0.1:${target.port}${copyOf(target.images[0])}`);
  if (image.status !== 200 || image.headers.get("content-type") !== "image/webp")
    throw new Error(`${target.label}: the image copy is not served`);
  await image.arrayBuffer();
}

const rows = [
  ...pages.map((pathname) => ({ name: `\`${pathname}\` (cached page)`, path: () => pathname })),
  { name: "hero image, 960 px WebP copy, through the site", path: (target) => copyOf(target.images[0]) },
];
// Warm-up: each row on each server once, 3 s.
for (const row of rows)
  for (const target of targets)
    execFileSync(...pinned(1, "wrk", ["-t1", `-c${connections}`, "-d3s", `http://127.0.0.1:${target.port}${row.path(target)}`]), {
      stdio: "ignore",
    });

const results = rows.map((row) => ({ row, runs: targets.map(() => /** @type {MeasuredRun[]} */ ([])) }));
for (let round = 0; round < rounds; round++) {
  // A B in even rounds, B A in odd ones: neither always goes first.
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const result of results) {
    for (const index of order) {
      const target = targets[index];
      const cpuBefore = cpuMicroseconds(target.pid);
      const run = /** @type {MeasuredRun} */ (wrk(`http://127.0.0.1:${target.port}${result.row.path(target)}`));
      run.cpuPerRequest = (cpuMicroseconds(target.pid) - cpuBefore) / Math.max(1, run.requests);
      result.runs[index].push(run);
      console.log(
        `round ${round + 1} ${target.label} ${result.row.name}: ${Math.round(run.requestsPerSecond)} req/s, ${run.cpuPerRequest.toFixed(1)} µs CPU/answer`,
      );
    }
  }
}
await bucket.stop();
await local.stop();
await s3.stop();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const summary = results.map(({ row, runs }) => {
  const [a, b] = runs;
  // Per round, B over A: the pair ran within seconds of each other.
  const ratios = a.map((run, index) => b[index].requestsPerSecond / run.requestsPerSecond);
  const cpuRatios = a.map((run, index) => b[index].cpuPerRequest / run.cpuPerRequest);
  return {
    row,
    a: {
      rps: median(a.map((run) => run.requestsPerSecond)),
      cpu: median(a.map((run) => run.cpuPerRequest)),
      errors: a.reduce((sum, run) => sum + run.errors, 0),
      p99: a.map((run) => run.p99),
    },
    b: {
      rps: median(b.map((run) => run.requestsPerSecond)),
      cpu: median(b.map((run) => run.cpuPerRequest)),
      errors: b.reduce((sum, run) => sum + run.errors, 0),
      p99: b.map((run) => run.p99),
    },
    ratio: median(ratios),
    ratios,
    cpuRatio: median(cpuRatios),
  };
});
const pageRows = summary.slice(0, pages.length);
const spread = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const targetsMet = [
  // Within noise: the per-round ratios of the page rows straddle 1, or their median is within 10 %.
  ...pageRows.map((entry) => [
    `${entry.row.name}: S3 / local ≈ 1 within noise (median of rounds ${entry.ratio.toFixed(3)}×, rounds ${spread(entry.ratios)}; by server CPU per answer ${entry.cpuRatio.toFixed(3)}×)`,
    Math.abs(entry.ratio - 1) <= 0.1 || (Math.min(...entry.ratios) <= 1 && Math.max(...entry.ratios) >= 1),
  ]),
  // The server's CPU time per answer moves far less with the machine's load than req/s does.
  ...pageRows.map((entry) => [
    `${entry.row.name}: server CPU per answer with S3 within 15 % of the local disk's (${entry.cpuRatio.toFixed(3)}×)`,
    Math.abs(entry.cpuRatio - 1) <= 0.15,
  ]),
  ["0 errors", summary.every((entry) => entry.a.errors + entry.b.errors === 0)],
];
const table = summary
  .map(
    (entry) =>
      `| ${entry.row.name} | ${Math.round(entry.a.rps)} | ${Math.round(entry.b.rps)} | ${entry.ratio.toFixed(3)} (${spread(entry.ratios)}) | ${entry.a.cpu.toFixed(1)} | ${entry.b.cpu.toFixed(1)} | ${entry.cpuRatio.toFixed(3)} | ${entry.a.errors + entry.b.errors} |`,
  )
  .join("\n");
const report = `# Uploads on S3 storage: cached page throughput against the local disk

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; shared with other work, so its speed changes from minute to minute.
- Method: \`BENCH_S3=1 npm run bench\` (\`scripts/bench-s3.js\`) — two production servers side by side${isPinned ? " on core 0" : ""}, each on a fresh embedded database with the same two uploaded images (a 1600×900 JPEG hero with its WebP copies, a PNG logo): **A** keeps uploads in \`DATA_DIR\`, **B** in a bucket of s3rver (an S3-compatible server, its own process${isPinned ? " on core 1" : ""}) through \`@aws-sdk/client-s3\`, served through the site (no \`S3_PUBLIC_URL\`). wrk (1 thread, ${connections} connections, ${duration} a run, \`Accept-Encoding: gzip, br\`${isPinned ? ", core 1" : ""}) takes turns between them, **interleaved A/B**: ${rounds} rounds, A then B in even rounds and B then A in odd ones, after a 3 s warm-up of each. Medians of the rounds; "B / A" is the median of each round's own ratio (its range in brackets).

| row | A local req/s | B S3 req/s | B / A (rounds) | A CPU µs/answer | B CPU µs/answer | B / A by CPU | errors |
| --- | --- | --- | --- | --- | --- | --- | --- |
${table}

The cached page is the same bytes from the same memory on both servers: where the uploads live is not on its path (the loader read each image's size and srcset once, from the disk or the bucket, when the page was first rendered). An image through the site from the bucket is streamed from it on its first request and then answered from the server's memory (uploads of up to 1 MB, 16 MB in all, \`server/http/upload-cache.ts\`); before that cache each answer was a request to the bucket and cost the server about 1.7 ms of CPU against 0.35 ms from the disk (decision 0011). That row is what serving images through the site without \`S3_PUBLIC_URL\` costs the instance. Browsers and CDNs keep uploads for a year (\`immutable\`, unchanging names), so each visitor asks for an image once; with \`S3_PUBLIC_URL\` they never reach the site at all.

## Targets

${targetsMet.map(([name, met]) => `- ${met ? "met" : "NOT MET"}: ${name}`).join("\n")}
`;
fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(path.join(root, "bench/s3-results.md"), report);
console.log(report);
process.exit(targetsMet.every(([, met]) => met) ? 0 : 1);
