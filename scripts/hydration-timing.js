// `npm run hydration-timing`: when a page paints first and when it has hydrated, in Debian's
// Chromium throttled like Lighthouse's mobile preset (150 ms round trips, 1.6 Mbit/s down,
// 750 kbit/s up, the CPU slowed 4×), for two production builds side by side, interleaved; writes
// bench/hydration.md. Hydrated means React has attached itself to the page's header. Builds and
// ports as for `npm run first-paint` (BASELINE_BUILD_DIR, BUILD_DIR, LIGHTHOUSE_PORT);
// HYDRATION_RUNS (5) per page and build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath, median, requireChromium } from "./support/lighthouse-run.js";
import { root } from "./support/production-server.js";
import { machineLoad, startTwoBuilds } from "./support/two-builds.js";

const pages = (process.env.HYDRATION_PAGES ?? "/,/fees,/contact,/faq,/terms").split(",");
const runs = Number(process.env.HYDRATION_RUNS ?? 5);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4700);
requireChromium();

const loadBefore = machineLoad();
const started = new Date();
const { origins, stop } = await startTwoBuilds(port);
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });

async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    /** @type {{ fcp?: number; hydrated?: number }} */
    const timings = {};
    /** @type {any} */ (window).__timings = timings;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") timings.fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    const poll = () => {
      const header = document.querySelector("header");
      if (header && Object.keys(header).some((key) => key.startsWith("__reactFiber"))) timings.hydrated = performance.now();
      else setTimeout(poll, 5);
    };
    poll();
  });
  await page.goto(url);
  await page.waitForFunction(() => /** @type {any} */ (window).__timings.hydrated && /** @type {any} */ (window).__timings.fcp, null, {
    timeout: 60_000,
  });
  const timings = await page.evaluate(() => /** @type {any} */ (window).__timings);
  await context.close();
  return timings;
}

const results = {};
try {
  for (const pathname of pages) {
    for (const origin of Object.values(origins)) await (await fetch(origin + pathname)).arrayBuffer();
    results[pathname] = { before: [], after: [] };
    for (let run = 0; run < runs; run++) {
      for (const which of ["before", "after"]) results[pathname][which].push(await measure(origins[which] + pathname));
    }
    console.log(pathname, JSON.stringify(results[pathname]));
  }
} finally {
  await browser.close();
  await stop();
}

const ms = (value) => Math.round(value);
const rows = pages.map((pathname) => {
  const cells = ["before", "after"].map((which) => {
    const timings = results[pathname][which];
    return [ms(median(timings.map((t) => t.fcp))), ms(median(timings.map((t) => t.hydrated)))];
  });
  const delay = cells[1][1] - cells[0][1];
  return `| \`${pathname}\` | ${cells[0].join(" | ")} | ${cells[1].join(" | ")} | ${delay > 0 ? "+" : ""}${delay} |`;
});
const output = path.join(root, "bench/hydration.md");
fs.writeFileSync(
  output,
  `# First paint and hydration in a throttled browser

- Date: ${started.toISOString()}
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}; load average ${loadBefore} at the start, ${machineLoad()} at the end (a shared machine).
- Method: \`npm run hydration-timing\` — Debian's Chromium at 390 × 844, network 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4× (DevTools emulation); the two builds side by side, ${runs} loads per page and build, alternating; medians in ms from navigation start. First paint: the browser's first-contentful-paint entry; hydrated: React attached to the header.

| page | first paint before | hydrated before | first paint after | hydrated after | hydration later by |
| --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`,
);
console.log(fs.readFileSync(output, "utf8"));
