// Debian's Chromium for Lighthouse, and one audit with a retry: shared by `npm run lighthouse`
// and `npm run first-paint`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { cpuSlowdownFor } from "./cpu-calibration.js";
import { stopProcess, waitFor } from "./production-server.js";

export { PHONE_BENCHMARK_INDEX } from "./cpu-calibration.js";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function requireChromium() {
  if (fs.existsSync(chromiumPath)) return;
  console.error(`Chromium not found at ${chromiumPath}: install Debian's chromium package or set CHROMIUM_PATH.`);
  process.exit(1);
}

export async function startChromium(debuggingPort) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    chromiumPath,
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
        console.warn(`Could not remove Chromium's profile ${profile}: ${/** @type {Error} */ (error).message}`);
      }
    },
  };
}

/**
 * One Lighthouse run, calibrated: the page is loaded once (gather mode, which measures the
 * machine's benchmark index before the load) and audited from what was gathered with the CPU
 * slowdown for that index. The simulated throttling applies the slowdown only when it models the
 * load, so the gathered load does not depend on it. A run whose trace Chromium failed to record
 * (NO_NAVSTART and the like) is repeated once.
 */
export async function audit(url, { debuggingPort, categories }, attempt = 1) {
  const artifactsDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-artifacts-"));
  try {
    // The full-page screenshot feeds no category and took a quarter of each run.
    /** @type {import("lighthouse").Flags} */
    const flags = { port: debuggingPort, output: "json", logLevel: "error", onlyCategories: categories, disableFullPageScreenshot: true };
    await lighthouse(url, { ...flags, gatherMode: artifactsDirectory });
    const artifactsFile = path.join(artifactsDirectory, "artifacts.json");
    const artifacts = JSON.parse(fs.readFileSync(artifactsFile, "utf8"));
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdownFor(artifacts.BenchmarkIndex) };
    // Lighthouse audits only with the settings it gathered with: the slowdown is set on both.
    artifacts.settings.throttling = throttling;
    fs.writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const result = await lighthouse(url, { ...flags, throttling, auditMode: artifactsDirectory });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 1) {
      console.warn(`${url}: ${result.lhr.runtimeError.code}, running again`);
      return audit(url, { debuggingPort, categories }, 2);
    }
    throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
  } finally {
    fs.rmSync(artifactsDirectory, { recursive: true, force: true });
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The bytes the first paint waits for in Lighthouse's model of a slow phone (Lantern): the
 * document and every request it counts as render-blocking (highest priority, or a
 * high-priority script or document) that had finished when the page first painted.
 */
export function bytesBeforeFirstPaint(lhr) {
  const observedFcp = lhr.audits.metrics.details.items[0].observedFirstContentfulPaint;
  return lhr.audits["network-requests"].details.items
    .filter((request) => {
      const blocking =
        request.priority === "VeryHigh" ||
        (request.priority === "High" && (request.resourceType === "Script" || request.resourceType === "Document"));
      return request.resourceType === "Document" || (blocking && request.networkEndTime <= observedFcp && !request.url.startsWith("data:"));
    })
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

/** The figures `npm run first-paint` reports for one run. */
export function firstPaintFigures(lhr) {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    bytes: bytesBeforeFirstPaint(lhr),
  };
}
