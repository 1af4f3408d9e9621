// `npm run lighthouse`: audits every public page of the production build with Lighthouse
// (mobile preset, simulated throttling) in Debian's Chromium, three runs per page, and fails
// when the median score of a category is below its threshold. Reports go to test-results/lighthouse.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { buildUnlessSkipped, root, startProductionServer, stopProcess, waitFor } from "./support/production-server.js";

const thresholds = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const allPages = ["/", "/home", "/features", "/fees", "/business", "/contact", "/faq", "/terms", "/privacy", "/aml-kyc"];
// LIGHTHOUSE_PAGES=/,/faq audits only those (while working on a page).
const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",") : allPages;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4700);
const debuggingPort = port + 1;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportDirectory = path.join(root, "test-results/lighthouse");

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function startChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    chromium,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${debuggingPort}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`);
  return {
    async stop() {
      await stopProcess(child);
      // Chromium's helper processes can still be writing their cache when the browser has
      // exited: retry, and never fail an audit that finished over a temporary directory.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Could not remove Chromium's profile ${profile}: ${error.message}`);
      }
    },
  };
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and the like) is repeated once. */
async function audit(url, attempt = 1) {
  const result = await lighthouse(url, { port: debuggingPort, output: "json", logLevel: "error", onlyCategories: Object.keys(thresholds) });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (!result.lhr.runtimeError) return result;
  if (attempt === 1) {
    console.warn(`${url}: ${result.lhr.runtimeError.code}, running again`);
    return audit(url, 2);
  }
  throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
}

if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install Debian's chromium package or set CHROMIUM_PATH.`);
  process.exit(1);
}
buildUnlessSkipped();
fs.rmSync(reportDirectory, { recursive: true, force: true });
fs.mkdirSync(reportDirectory, { recursive: true });

const server = await startProductionServer({ port });
const browser = await startChromium();
const failures = [];
const rows = [];
try {
  for (const pathname of pages) {
    const url = `http://localhost:${port}${pathname}`;
    const scores = Object.fromEntries(Object.keys(thresholds).map((category) => [category, []]));
    for (let run = 1; run <= runs; run++) {
      const result = await audit(url);
      const { lhr } = result;
      const name = `${pathname === "/" ? "landing" : pathname.slice(1)}-${run}.json`;
      fs.writeFileSync(path.join(reportDirectory, name), result.report);
      for (const category of Object.keys(thresholds)) scores[category].push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      if (run === runs) {
        // Name what cost points in the last run, so a failure says where to look.
        for (const [category, threshold] of Object.entries(thresholds)) {
          if (median(scores[category]) >= threshold) continue;
          const lost = lhr.categories[category].auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual")
            .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
          failures.push(`${pathname} ${category} ${median(scores[category])} < ${threshold}: ${lost.join(", ") || "see the report"}`);
        }
      }
    }
    const medians = Object.fromEntries(Object.entries(scores).map(([category, values]) => [category, median(values)]));
    rows.push(`| \`${pathname}\` | ${Object.keys(thresholds).map((category) => medians[category]).join(" | ")} |`);
    console.log(`${pathname}: ${Object.entries(scores).map(([category, values]) => `${category} ${values.join("/")}`).join(", ")}`);
  }
} finally {
  await browser.stop();
  await server.stop();
}

console.log(`
Lighthouse, mobile preset, median of ${runs} (thresholds: ${Object.entries(thresholds).map(([c, t]) => `${c} ${t}`).join(", ")})

| page | ${Object.keys(thresholds).join(" | ")} |
| --- | ${Object.keys(thresholds).map(() => "---").join(" | ")} |
${rows.join("\n")}
`);
if (failures.length > 0) {
  console.error(`Below the thresholds:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log("lighthouse: every page meets every threshold");
