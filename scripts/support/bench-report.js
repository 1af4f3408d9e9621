// The markdown `npm run bench` writes to bench/results.md, and the targets it checks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** @param {{ gzip: { headBytes: number; body: Buffer }; brotli: { headBytes: number; body: Buffer }; revalidated?: { status: number; headBytes: number; body: Buffer } }} answer */
const bytesRow = (name, answer) =>
  `| ${name} | ${answer.gzip.headBytes} | ${answer.gzip.body.length} | ${answer.gzip.headBytes + answer.gzip.body.length} | ${answer.brotli.headBytes + answer.brotli.body.length} | ${answer.revalidated?.status === 304 ? answer.revalidated.headBytes + answer.revalidated.body.length : "—"} |`;

// long-function: one report, its sections in the order they are read
export function writeReport(run) {
  const { nginx, environment: env, comparison, bytes, saveBurst, rss, milliseconds } = run;
  const { cachedResults, variantResults, uncachedResults } = run;
  const rps = (name) => median(comparison[name].map((result) => result.requestsPerSecond));
  const p99 = (name) => median(comparison[name].map((result) => milliseconds(result.p99)));
  // The ratio of each round's pair, so that a slow minute weighs on both sides of it.
  const pairRatio = (other) =>
    median(comparison.site.map((result, round) => result.requestsPerSecond / comparison[other][round].requestsPerSecond));
  const toNode = pairRatio("node");
  const toSameHead = pairRatio("nodeSameHead");
  const sameHeadToNode = median(
    comparison.nodeSameHead.map((result, round) => result.requestsPerSecond / comparison.node[round].requestsPerSecond),
  );
  const cpu = (name) => median(comparison[name].map((result) => result.cpuPerRequest));
  const toNginx = comparison.nginx ? pairRatio("nginx") : undefined;
  const comparisonErrors = Object.values(comparison)
    .flat()
    .reduce((sum, result) => sum + result.errors, 0);
  const allResults = [...cachedResults, ...variantResults, ...uncachedResults];
  const baselines = allResults.map((result) => result.baseline);
  const landingCached = cachedResults[0];
  const landingUncached = uncachedResults[0];
  const totalErrors = allResults.reduce((sum, result) => sum + result.errors + result.baselineErrors, 0) + comparisonErrors;
  const [campaignResult, unknownResult] = variantResults;
  const campaignShare = campaignResult.ratio / landingCached.ratio;
  const unknownShare = unknownResult.ratio / landingCached.ratio;
  const campaignCpuShare = landingCached.cpuPerRequest / campaignResult.cpuPerRequest;
  const unknownCpuShare = landingCached.cpuPerRequest / unknownResult.cpuPerRequest;
  const quietP99 = milliseconds(saveBurst.quiet.p99);
  const adminShare = Number(process.env.ADMIN_SHARE ?? 15);
  const savingP99 = milliseconds(saveBurst.during.p99);
  const uncachedP99 = milliseconds(landingUncached.p99);
  const targets = [
    [`cached \`/\` ≥ 0.9× node:http sending the same gzip bytes (${toNode.toFixed(3)}×)`, toNode >= 0.9],
    toNginx === undefined
      ? ["cached `/` ≥ 0.5× nginx gzip_static: not measured, nginx is not installed", true]
      : [`cached \`/\` ≥ 0.5× nginx gzip_static (${toNginx.toFixed(3)}×)`, toNginx >= 0.5],
    [
      `uncached \`/\` ≥ 700 req/s with ${env.uncachedConnections} connections (${Math.round(landingUncached.requestsPerSecond)}; absolute, so it depends on the machine)`,
      landingUncached.requestsPerSecond >= 700,
    ],
    [`uncached \`/\` p99 < 100 ms (${landingUncached.p99})`, uncachedP99 < 100],
    [
      `visitors' p99 during ${saveBurst.saves} saves ≤ 2× their p99 without (${saveBurst.during.p99} against ${saveBurst.quiet.p99}: ${(savingP99 / quietP99).toFixed(2)}×)`,
      savingP99 <= 2 * quietP99,
    ],
    [
      `0 visitor errors during the saves, every save accepted, the last save shown on \`/\``,
      saveBurst.during.errors === 0 && saveBurst.failedSaves === 0 && saveBurst.lastSaveShown,
    ],
    ["campaign link, random unknown path and `/fees/` answer the bare copy, a 404 and a 301", run.variantsAnswer],
    [`campaign link ≥ 0.95× the bare \`/\` (${campaignShare.toFixed(3)}×)`, campaignShare >= 0.95],
    [`random unknown path ≥ 0.9× a cached page, \`/\` (${unknownShare.toFixed(3)}×)`, unknownShare >= 0.9],
    [`by server CPU per answer: campaign link ≥ 0.95× the bare \`/\` (${campaignCpuShare.toFixed(3)}×)`, campaignCpuShare >= 0.95],
    [`by server CPU per answer: random unknown path ≥ 0.9× \`/\` (${unknownCpuShare.toFixed(3)}×)`, unknownCpuShare >= 0.9],
    ["0 errors", totalErrors === 0],
    [`peak RSS ≤ 250 MB on PGlite, serving cached pages under load (${rss.cachedRss} MB)`, rss.cachedRss <= 250],
    [`peak RSS ≤ 300 MB on PGlite, rendering every request (${rss.uncachedRss} MB)`, rss.uncachedRss <= 300],
  ];
  const rows = (results) =>
    results
      .map(
        (r) =>
          `| ${r.label ?? `\`${r.pathname}\``} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.baseline)} | ${r.ratio.toFixed(r.ratio < 0.1 ? 4 : 3)} | ${r.cpuPerRequest.toFixed(1)} |`,
      )
      .join("\n");
  const header =
    "| URL | req/s | p50 | p99 | errors | baseline | × baseline | server CPU µs/answer |\n| --- | --- | --- | --- | --- | --- | --- | --- |";
  const serverRow = (name, label) =>
    comparison[name]
      ? `| ${label} | ${Math.round(rps(name))} | ${p99(name).toFixed(2)} ms | ${comparison[name][0].cpuPerRequest === undefined ? "—" : cpu(name).toFixed(1)} | ${comparison[name].map((r) => Math.round(r.requestsPerSecond)).join(" / ")} |`
      : `| ${label} | not installed: skipped | | | |`;
  const report = `# Benchmark results

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${env.loadBefore} at the start, ${env.loadAfter} at the end. **The machine was shared** with other work while this ran, so absolute figures move; the ratios are taken within one run.
- Method: \`npm run bench\` — wrk, 1 thread, ${env.connections} connections, ${env.duration} per measurement, \`Accept-Encoding: gzip, br\` unless said; server${env.isPinned ? "s on core 0, wrk on core 1" : "s and wrk unpinned"}; production build on a fresh embedded (PGlite) database, logging as by default (a request line per request, level info, to a file); each server is warmed up with 3 s of the same load per URL before it is measured.
- Landing page: ${(env.landing.length / 1024).toFixed(1)} KB of HTML.
- Earlier runs are in this file's git history (\`git log -p bench/results.md\`); each run replaces it.

## Cached \`/\`: the site, node:http and nginx sending the same gzip bytes

The site's gzip copy of \`/\` is served by a minimal node:http server and by nginx (\`gzip_static\`, one worker, its access log buffered${nginx ? "" : "; **nginx is not installed, so it was skipped**: `apt-get install nginx`"}). A second node:http server sends the site's whole answer, its head included (the headers below, less the Date and Connection node:http adds), so that what the site's headers cost and what its own code costs are told apart. \`Accept-Encoding: gzip\`; ${env.rounds} rounds, the order rotated each round; medians. CPU is the server process's own time (user and system) per answer.

| server | req/s | p99 | server CPU µs/answer | each round |
| --- | --- | --- | --- | --- |
${serverRow("site", "the site")}
${serverRow("node", "node:http")}
${serverRow("nodeSameHead", "node:http with the site's head")}
${serverRow("nginx", "nginx gzip_static")}

The site is **${toNode.toFixed(3)}× node:http**${toNginx === undefined ? "" : ` and **${toNginx.toFixed(3)}× nginx**`} (median of each round's ratio); by CPU per answer, ${(cpu("node") / cpu("site")).toFixed(3)}× node:http. node:http sending the site's head is ${sameHeadToNode.toFixed(3)}× node:http sending three headers, and the site is ${toSameHead.toFixed(3)}× it (by CPU per answer, ${(cpu("nodeSameHead") / cpu("site")).toFixed(3)}×): the rest of the gap is the site's own work, its request line included.

## Bytes per answer of \`/\`

| server | head, gzip | body, gzip | total, gzip | total, brotli (site) | 304 |
| --- | --- | --- | --- | --- | --- |
${bytesRow("the site", bytes.site)}
${bytesRow("node:http", bytes.node)}
${bytesRow("node:http with the site's head", bytes.nodeSameHead)}
${bytes.nginx ? bytesRow("nginx", bytes.nginx) : "| nginx | not installed | | | | |"}

The site's head to a gzip request:

\`\`\`
${bytes.site.gzip.head.trim().replace(/'sha256-[^']*'/g, "'sha256-…'")}
\`\`\`

## Cached pages (default)

Each row's baseline is node:http measured for ${env.baselineDuration} just before and ${env.baselineDuration} just after it; over this run it ranged from ${Math.round(Math.min(...baselines))} to ${Math.round(Math.max(...baselines))} req/s.

${header}
${rows(cachedResults)}

Campaign links, scanners and address variants, on the same server in the same run:

${header}
${rows(variantResults)}

The campaign link is ${campaignShare.toFixed(3)}× the bare \`/\` and a random unknown path ${unknownShare.toFixed(3)}× it; by the server's CPU time per answer, ${campaignCpuShare.toFixed(3)}× and ${unknownCpuShare.toFixed(3)}× its answers per CPU second. Peak RSS: ${rss.rssBeforeVariants} MB before these rows, ${rss.rssBeforeSaves} MB after them. The server wrote ${run.logLines} log lines over the run.

## Visitors while an administrator saves

${process.env.BENCH_SAVE_CONNECTIONS ?? 100} connections on \`/\` for ${env.duration} without saves (after the administrator's sign-up and a run of the same length not counted), then again while one administrator saves a setting shown on every page ${saveBurst.saves} times in a row (${saveBurst.savesPerSecond.toFixed(1)} saves a second), then ${env.duration} without saves once more; the target compares the saves with the lower p99 of the two runs without them. The first save re-renders the cached pages in the background, and in the burst that follows visitors' requests render \`/\` and the other pages wait for the saves to pause. On a server this busy each administrator's request waits, after the one before it, ${((100 - adminShare) / adminShare).toFixed(1)} times as long as that one took (\`ADMIN_SHARE\`, ${adminShare} %: server/http/admin-share.ts), so the saves come slower than the server could take them.

| | req/s | p50 | p99 | errors |
| --- | --- | --- | --- | --- |
| without saves, before | ${Math.round(saveBurst.quietBefore.requestsPerSecond)} | ${saveBurst.quietBefore.p50} | ${saveBurst.quietBefore.p99} | ${saveBurst.quietBefore.errors} |
| during the saves | ${Math.round(saveBurst.during.requestsPerSecond)} | ${saveBurst.during.p50} | ${saveBurst.during.p99} | ${saveBurst.during.errors} |
| without saves, after | ${Math.round(saveBurst.quietAfter.requestsPerSecond)} | ${saveBurst.quietAfter.p50} | ${saveBurst.quietAfter.p99} | ${saveBurst.quietAfter.errors} |

Saves refused: ${saveBurst.failedSaves}; the last save is ${saveBurst.lastSaveShown ? "" : "**not** "}shown on \`/\` at the next request. Peak RSS of the cached server after all of it: ${rss.cachedRss} MB.

## Uncached rendering (\`PAGE_CACHE=off\`, ${env.uncachedConnections} connections)

${header}
${rows(uncachedResults)}

Peak RSS of the server: ${rss.uncachedRss} MB.

## Targets

${targets.map(([name, met]) => `- ${met ? "met" : "NOT MET"}: ${name}`).join("\n")}
`;
  fs.mkdirSync(path.join(run.root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(run.root, "bench/results.md"), report);
  console.log(report);
  return targets.every(([, met]) => met);
}
