// `npm run lighthouse`: audits every public page of the production build, and a landing page with
// every block (published once the server is up), with Lighthouse
// (mobile preset, simulated throttling, the CPU calibrated to one phone whatever the host) in
// Debian's Chromium, one run per page, up to five where the first misses a gate, and fails
// when the median score of a category is below its threshold, or the median first or largest
// contentful paint above its limit. Reports go to test-results/lighthouse.
import fs from "node:fs";
import path from "node:path";
import { sitemapPagePaths } from "../app/features/seo/public-pages.js";
import {
  audit as auditOnce,
  firstPaintFigures,
  median,
  PHONE_BENCHMARK_INDEX,
  requireChromium,
  startChromium,
} from "./support/lighthouse-run.js";
import {
  EVERY_BLOCK_PATH,
  ensureEveryBlockPage,
  ensureLocalizedEveryBlockPage,
  ensureSecondLocale,
  LOCALIZED_EVERY_BLOCK_PATH,
  SECOND_LOCALE,
} from "./support/landing-page.js";
import { buildUnlessSkipped, root, startProductionServer } from "./support/production-server.js";

const thresholds = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
// Medians no page may exceed, in milliseconds (simulated slow 4G, the mobile preset): text on
// screen in one second, the largest paint in one and a half (bench/first-paint.md), on the
// calibrated phone.
const metricLimits = { fcp: 1000, lcp: 1500 };
// LIGHTHOUSE_PAGES=/,/faq audits only those (while working on a page; /gift-season is the
// every-block landing page, /de the second locale's home, switched on once the server is up, and
// /de/geschenk-saison that page's German version).
const SECOND_LOCALE_HOME = `/${SECOND_LOCALE}`;
const pages = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(",")
  : [...sitemapPagePaths, EVERY_BLOCK_PATH, SECOND_LOCALE_HOME, LOCALIZED_EVERY_BLOCK_PATH];
// Five at most: on a shared machine a run's CPU slowdown is calibrated from a benchmark taken just
// before its load, and a neighbour's burst during the load is multiplied by it (a CI run of
// 2026-11-30 audited /faq at 96, 100 and 95, TBT 234, 25 and 254 ms, host index 1,185–2,253; the
// same build's /faq scores 100 on a quiet machine). Five runs make one such pair of runs a
// minority.
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4700);
const debuggingPort = port + 1;
const reportDirectory = path.join(root, "test-results/lighthouse");

requireChromium();
buildUnlessSkipped();
fs.rmSync(reportDirectory, { recursive: true, force: true });
fs.mkdirSync(reportDirectory, { recursive: true });

const server = await startProductionServer({ port });
const browser = await startChromium(debuggingPort);
/**
 * One run's category scores (0–100) and paint figures (ms), as the gates read them.
 * @param {any} lhr
 * @returns {{ scores: Record<string, number>, metrics: Record<string, number> }}
 */
function runFigures(lhr) {
  const figures = firstPaintFigures(lhr);
  return {
    scores: Object.fromEntries(
      Object.keys(thresholds).map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ),
    metrics: Object.fromEntries(["fcp", "lcp", "tbt"].map((metric) => [metric, Math.round(figures[metric])])),
  };
}
// Each run's benchmark index and the CPU slowdown it was given (lighthouse-run.js calibrates each
// run to the same phone), for the output.
const machine = [];
/** @param {string} url */
async function audit(url) {
  const result = await auditOnce(url, { debuggingPort, categories: Object.keys(thresholds) });
  const index = Math.round(result.lhr.environment?.benchmarkIndex ?? 0);
  const slowdown = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
  machine.push({ index, slowdown });
  if (slowdown === 1 && index < PHONE_BENCHMARK_INDEX)
    console.warn(`${url}: benchmark index ${index} is below the phone's (${PHONE_BENCHMARK_INDEX}): audited without CPU slowdown`);
  return result;
}
/**
 * Whether `most` of the runs so far meet every threshold and limit.
 * @param {Record<string, number[]>} scores
 * @param {Record<string, number[]>} metrics
 * @param {number} most
 */
function meetsGates(scores, metrics, most) {
  const categoriesMet = Object.entries(thresholds).every(([c, threshold]) => scores[c].filter((v) => v >= threshold).length >= most);
  const metricsMet = Object.entries(metricLimits).every(([m, limit]) => metrics[m].filter((v) => v <= limit).length >= most);
  return categoriesMet && metricsMet;
}
/**
 * How many of the runs so far meet every threshold and limit.
 * @param {Record<string, number[]>} scores
 * @param {Record<string, number[]>} metrics
 */
function passingRuns(scores, metrics) {
  const count = scores.performance.length;
  let passing = 0;
  for (let run = 0; run < count; run++) {
    const categoriesMet = Object.entries(thresholds).every(([c, threshold]) => scores[c][run] >= threshold);
    const metricsMet = Object.entries(metricLimits).every(([m, limit]) => metrics[m][run] <= limit);
    if (categoriesMet && metricsMet) passing++;
  }
  return passing;
}
const failures = [];
const rows = [];
try {
  if (pages.includes(EVERY_BLOCK_PATH)) await ensureEveryBlockPage(`http://localhost:${port}`);
  if (pages.includes(SECOND_LOCALE_HOME)) await ensureSecondLocale(`http://localhost:${port}`);
  if (pages.includes(LOCALIZED_EVERY_BLOCK_PATH)) await ensureLocalizedEveryBlockPage(`http://localhost:${port}`);
  for (const pathname of pages) {
    const url = `http://localhost:${port}${pathname}`;
    /** @type {Record<string, number[]>} */
    const scores = Object.fromEntries(Object.keys(thresholds).map((category) => [category, []]));
    const metrics = { fcp: [], lcp: [], tbt: [] };
    /** @type {any} */
    let lhr;
    for (let run = 1; run <= runs; run++) {
      const result = await audit(url);
      lhr = result.lhr;
      const name = `${pathname === "/" ? "landing" : pathname.slice(1).replaceAll("/", "_")}-${run}.json`;
      // One output format asked for, so one report.
      fs.writeFileSync(path.join(reportDirectory, name), /** @type {string} */ (result.report));
      const figures = runFigures(lhr);
      for (const category of Object.keys(thresholds)) scores[category].push(figures.scores[category]);
      for (const metric of Object.keys(metrics)) metrics[metric].push(figures.metrics[metric]);
      // A first run that meets every gate decides the page. A first run that misses one is not
      // taken alone: the page is audited again until most of its possible runs meet every gate
      // (the median does then, whatever the others show), or until so many missed that most
      // cannot (the median then misses too), or the runs are used up and the median of them all
      // decides. So a slow run or two on a busy machine fail nothing, and a page that meets the
      // gates costs one run (bench/test-loop.md).
      const most = Math.floor(runs / 2) + 1;
      if (meetsGates(scores, metrics, run === 1 ? 1 : most)) break;
      if (run > 1 && run - passingRuns(scores, metrics) >= most) break;
    }
    // Name what cost points in the last run, so a failure says where to look.
    for (const [category, threshold] of Object.entries(thresholds)) {
      if (median(scores[category]) >= threshold) continue;
      const lost = lhr.categories[category].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual",
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      const message = `${pathname} ${category} ${median(scores[category])} < ${threshold}: ${lost.join(", ") || "see the report"}`;
      failures.push(message);
    }
    for (const [metric, limit] of Object.entries(metricLimits)) {
      if (median(metrics[metric]) > limit)
        failures.push(
          `${pathname} ${metric.toUpperCase()} ${median(metrics[metric])} ms > ${limit} ms (runs: ${metrics[metric].join(", ")})`,
        );
    }
    const medians = Object.fromEntries(Object.entries(scores).map(([category, values]) => [category, median(values)]));
    const timings = Object.keys(metrics).map((metric) => median(metrics[metric]));
    rows.push(
      `| \`${pathname}\` | ${Object.keys(thresholds)
        .map((category) => medians[category])
        .join(" | ")} | ${timings.join(" | ")} |`,
    );
    console.log(
      `${pathname}: ${Object.entries(scores)
        .map(([category, values]) => `${category} ${values.join("/")}`)
        .join(", ")}; ` +
        Object.entries(metrics)
          .map(([metric, values]) => `${metric} ${values.join("/")} ms`)
          .join(", "),
    );
  }
} finally {
  await browser.stop();
  await server.stop();
}

console.log(`
Lighthouse, mobile preset, median of up to ${runs} runs (a page whose first run meets every gate, or most of whose runs do, stops there) (thresholds: ${Object.entries(
  thresholds,
)
  .map(([c, t]) => `${c} ${t}`)
  .join(", ")}; FCP ≤ ${metricLimits.fcp} ms, LCP ≤ ${metricLimits.lcp} ms)

| page | ${Object.keys(thresholds).join(" | ")} | FCP ms | LCP ms | TBT ms |
| --- | ${Object.keys(thresholds)
  .map(() => "---")
  .join(" | ")} | --- | --- | --- |
${rows.join("\n")}
`);
const indexes = machine.map((run) => run.index);
const slowdowns = machine.map((run) => run.slowdown);
console.log(
  `CPU calibrated to a phone of benchmark index ${PHONE_BENCHMARK_INDEX}: ${machine.length} runs, host index ${Math.min(...indexes)}–${Math.max(...indexes)} (median ${median(indexes)}), slowdown ${Math.min(...slowdowns)}–${Math.max(...slowdowns)}×`,
);
if (failures.length > 0) {
  console.error(`Below the thresholds:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log("lighthouse: every page meets every threshold");
