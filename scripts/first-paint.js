// `npm run first-paint`: Lighthouse (mobile preset, simulated slow 4G) on every public page of
// two production builds in one run, interleaved (before, after, before, after, ...) so that the
// machine's changing load falls on both alike, and writes bench/first-paint.md: performance,
// first and largest contentful paint, total blocking time and the bytes the first paint waits for.
//
//   git worktree add /tmp/site-before <commit> && (cd /tmp/site-before && npm ci && BUILD_DIR=$PWD/../site-before-build npx react-router build)
//   BASELINE_BUILD_DIR=/tmp/site-before-build npm run first-paint -- --no-build
//
// BASELINE_BUILD_DIR (default build-before) is the earlier build, served by its own server code;
// BUILD_DIR (default build) the current one. FIRST_PAINT_RUNS (3), FIRST_PAINT_PAGES and
// LIGHTHOUSE_PORT (4700: the two servers use it and it + 2, Chromium it + 1) as for `npm run lighthouse`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sitemapPagePaths } from "../app/features/seo/public-pages.js";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage } from "./support/landing-page.js";
import { audit, firstPaintFigures, median, PHONE_BENCHMARK_INDEX, requireChromium, startChromium } from "./support/lighthouse-run.js";
import { buildUnlessSkipped, root } from "./support/production-server.js";
import { builds, machineLoad, startTwoBuilds } from "./support/two-builds.js";

// The sitemap's pages and a landing page with every block (published on both servers once they are up).
const pages = process.env.FIRST_PAINT_PAGES ? process.env.FIRST_PAINT_PAGES.split(",") : [...sitemapPagePaths, EVERY_BLOCK_PATH];
const runs = Number(process.env.FIRST_PAINT_RUNS ?? 3);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4700);
const output = path.join(root, "bench/first-paint.md");

requireChromium();
if (!fs.existsSync(path.join(builds.before, "server/index.js"))) {
  console.error(`No baseline build in ${builds.before}: build the earlier commit there (see the top of this script).`);
  process.exit(1);
}
buildUnlessSkipped();

const loadBefore = machineLoad();
const started = new Date();
const { origins, stop } = await startTwoBuilds(port);
const browser = await startChromium(port + 1);
const results = {};
try {
  if (pages.includes(EVERY_BLOCK_PATH)) {
    // A baseline from before landing pages cannot publish one: the page is compared only when both can.
    const published = await Promise.all(
      Object.values(origins).map((origin) =>
        ensureEveryBlockPage(origin).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!published.every(Boolean)) {
      console.warn(`${EVERY_BLOCK_PATH}: not published on both builds, left out`);
      pages.splice(pages.indexOf(EVERY_BLOCK_PATH), 1);
    }
  }
  for (const pathname of pages) {
    // The first request renders and caches the page: audits measure the cached copy.
    for (const origin of Object.values(origins)) await (await fetch(origin + pathname)).arrayBuffer();
    results[pathname] = { before: [], after: [] };
    for (let run = 1; run <= runs; run++) {
      for (const which of ["before", "after"]) {
        const { lhr } = await audit(origins[which] + pathname, { debuggingPort: port + 1, categories: ["performance"] });
        results[pathname][which].push(firstPaintFigures(lhr));
      }
    }
    const summary = (which) => {
      const figures = results[pathname][which];
      return `${which} ${figures.map((f) => f.performance).join("/")} FCP ${figures.map((f) => Math.round(f.fcp)).join("/")} TBT ${figures.map((f) => Math.round(f.tbt)).join("/")}`;
    };
    console.log(`${pathname}: ${summary("before")}; ${summary("after")}`);
  }
} finally {
  await browser.stop();
  await stop();
}

const medianOf = (figures, key) => median(figures.map((f) => f[key]));
const seconds = (ms) => (ms / 1000).toFixed(2);
const rows = pages.map((pathname) => {
  const cells = ["before", "after"].map((which) => {
    const figures = results[pathname][which];
    return [
      medianOf(figures, "performance"),
      seconds(medianOf(figures, "fcp")),
      seconds(medianOf(figures, "lcp")),
      Math.round(medianOf(figures, "tbt")),
      (medianOf(figures, "bytes") / 1024).toFixed(1),
    ];
  });
  return `| \`${pathname}\` | ${cells.map((c) => c.join(" | ")).join(" | ")} |`;
});

fs.writeFileSync(
  output,
  `# First paint: before and after

- Date: ${started.toISOString()}
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} at the start, ${machineLoad()} at the end. The machine is shared: Lighthouse's simulated total blocking time grows with the CPU time it observes, so it moves with the load.
- Method: \`npm run first-paint\` — Lighthouse ${JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version}, mobile preset (simulated slow 4G, the CPU slowed to a phone of benchmark index ${PHONE_BENCHMARK_INDEX} whatever the host), Debian's Chromium; the two production builds served side by side on fresh embedded databases, each page audited ${runs} times per build, alternating before and after; medians. Pages served from the page cache.
- Bytes before first paint: the document plus every request Lighthouse's model counts as render-blocking that had finished when the page first painted, as transferred (brotli).

| page | perf before | FCP s | LCP s | TBT ms | KB before paint | perf after | FCP s | LCP s | TBT ms | KB before paint |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`,
);
console.log(fs.readFileSync(output, "utf8"));
