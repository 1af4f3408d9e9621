// `node scripts/bench-landing.js`: landing pages measured in one run on the production build and
// written to bench/landing-pages.md. A twelve-block landing page's cached throughput against a
// fixed page's, a redirect against a cached page, the editor with fifty blocks (save p95 and the
// time one reorder takes to show), and one Lighthouse mobile run of the twelve-block page.
// Short runs (BENCH_DURATION, 5 s): the machine is shared. wrk runs on core 1.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { chromium } from "playwright-core";
import { chromiumPath, audit, firstPaintFigures, startChromium } from "./support/lighthouse-run.js";
import { everyBlock, publishLandingPage } from "./support/landing-page.js";
import { buildUnlessSkipped, pinned, root, startProductionServer } from "./support/production-server.js";

const duration = process.env.BENCH_DURATION ?? "5s";
const port = Number(process.env.BENCH_PORT ?? 6210);
const base = `http://localhost:${port}`;

/** @typedef {{ rps: number; p99: string; errors: number }} WrkRun */

/** @param {string} url @returns {WrkRun} */
function wrk(url) {
  const [command, args] = pinned(1, "wrk", ["-t1", "-c50", `-d${duration}`, "--latency", "-H", "Accept-Encoding: gzip, br", url]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p99: /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?",
    errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

/** @param {number[]} values @param {number} fraction */
const percentile = (values, fraction) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(fraction * values.length) - 1)];

buildUnlessSkipped();
// On PostgreSQL (BENCH_DATABASE_URL's server, a fresh database dropped afterwards): the embedded
// database's start outlasted the wait for it on the shared machine. Not pinned, for the same reason.
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `bench_landing_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${databaseName}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
const server = await startProductionServer({ port, env: { DATABASE_URL: databaseUrl.toString() } });
const lines = [];
try {
  // The twelve-block page, a redirect to it, and a fifty-block page for the editor.
  const { cookie } = await publishLandingPage(base, "/gift-season", everyBlock());
  const headers = { Origin: base, cookie };
  await fetch(`${base}/admin/other/redirects`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "create-redirect", fromPath: "/old-gifts", toPath: "/gift-season", status: "301" }),
  });
  const fifty = Array.from({ length: 49 }, (_, index) => ({ ...everyBlock()[index % 2 === 0 ? 2 : 10], id: `long-${index}` }));
  fifty.push({ ...everyBlock()[11], id: "long-49" });
  const long = await publishLandingPage(base, "/long-page", fifty);
  for (const url of ["/fees", "/gift-season", "/old-gifts"]) await fetch(`${base}${url}`, { redirect: "manual" });

  // The editor with fifty blocks: each save posts the whole page (checked block by block).
  const editorHtml = await (await fetch(`${base}/admin/other/pages?page=${long.id}`, { headers: { cookie } })).text();
  if (!editorHtml.includes("long-49")) throw new Error("the fifty-block page did not open");
  const saveTimes = [];
  const seo = JSON.stringify({ title: "", description: "", canonical: "", ogImage: "", noindex: false });
  const saveOnce = async () => {
    const response = await fetch(`${base}/admin/other/pages`, {
      method: "POST",
      headers,
      body: new URLSearchParams({
        intent: "save-page",
        id: String(long.id),
        title: "Long",
        path: "/long-page",
        blocks: JSON.stringify(fifty),
        seo,
      }),
    });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`save refused: ${response.status}`);
  };
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    // A kept-alive connection the server closed between two saves is opened again (the retry is timed too).
    await saveOnce().catch(async (error) => {
      if (!(error instanceof TypeError)) throw error;
      await saveOnce();
    });
    saveTimes.push(performance.now() - started);
  }

  // The time from a reorder (the first block moved down) to the browser showing it, ten times.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext();
  await context.addCookies([
    { name: "better-auth.session_token", value: cookie.split("=").slice(1).join("="), domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto(`${base}/admin/other/pages?page=${long.id}`);
  // Opening a block proves the page has hydrated; closing it leaves fifty closed cards.
  const toggle = page.getByRole("button", { name: /^1\. / });
  await toggle.click();
  await page.locator('[aria-expanded="true"]').waitFor();
  await toggle.click();
  const reorderTimes = await page.evaluate(async () => {
    const times = [];
    for (let run = 0; run < 10; run++) {
      const list = /** @type {Element} */ (document.querySelector('[aria-label="Блоки страницы"]'));
      const first = /** @type {Element} */ (list.firstElementChild);
      const button = /** @type {HTMLButtonElement} */ (
        [...first.querySelectorAll("button")].find((candidate) => candidate.getAttribute("aria-label")?.startsWith("Ниже"))
      );
      const started = performance.now();
      button.click();
      await new Promise((resolve) => {
        const check = () =>
          list.firstElementChild !== first ? requestAnimationFrame(() => resolve(undefined)) : requestAnimationFrame(check);
        check();
      });
      times.push(performance.now() - started);
    }
    return times;
  });
  await browser.close();
  lines.push(
    "| editor with 50 blocks | p50 | p95 | runs |",
    "| --- | ---: | ---: | ---: |",
    `| save (POST, every block checked, revision written) | ${percentile(saveTimes, 0.5).toFixed(0)} ms | ${percentile(saveTimes, 0.95).toFixed(0)} ms | ${saveTimes.length} |`,
    `| reorder (move a block, until the next frame shows it) | ${percentile(reorderTimes, 0.5).toFixed(1)} ms | ${percentile(reorderTimes, 0.95).toFixed(1)} ms | ${reorderTimes.length} |`,
    "",
  );

  // Throughput, alternating so that a change of machine speed touches both sides alike.
  /** @type {Record<"fixed" | "landing" | "redirect", WrkRun[]>} */
  const rows = { fixed: [], landing: [], redirect: [] };
  for (let round = 0; round < 2; round++) {
    rows.fixed.push(wrk(`${base}/fees`));
    rows.landing.push(wrk(`${base}/gift-season?utm_source=bench`));
    rows.redirect.push(wrk(`${base}/old-gifts`));
  }
  /** @param {WrkRun[]} list */
  const mean = (list) => list.reduce((sum, row) => sum + row.rps, 0) / list.length;
  const [fixed, landing, redirect] = [mean(rows.fixed), mean(rows.landing), mean(rows.redirect)];
  lines.push(
    "| what | requests/s (mean of 2) | runs | p99 (last run) |",
    "| --- | ---: | --- | --- |",
    `| fixed page \`/fees\` (cached) | ${fixed.toFixed(0)} | ${rows.fixed.map((row) => row.rps.toFixed(0)).join(", ")} | ${rows.fixed.at(-1)?.p99} |`,
    `| 12-block landing page \`/gift-season?utm_source=bench\` (cached) | ${landing.toFixed(0)} | ${rows.landing.map((row) => row.rps.toFixed(0)).join(", ")} | ${rows.landing.at(-1)?.p99} |`,
    `| redirect \`/old-gifts\` → 301 | ${redirect.toFixed(0)} | ${rows.redirect.map((row) => row.rps.toFixed(0)).join(", ")} | ${rows.redirect.at(-1)?.p99} |`,
    "",
    `Landing page / fixed page: **${(landing / fixed).toFixed(2)}x**. Redirect / cached landing page: **${(redirect / landing).toFixed(2)}x** (gate: at least 0.9x).`,
    "",
  );
  console.log(lines.join("\n"));

  // One Lighthouse mobile run (simulated throttling) of the twelve-block page.
  const debuggingPort = port + 1;
  const lighthouseBrowser = await startChromium(debuggingPort);
  try {
    const { lhr } = await audit(`${base}/gift-season`, {
      debuggingPort,
      categories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const figures = firstPaintFigures(lhr);
    const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    lines.push(
      "| Lighthouse mobile, `/gift-season` (one run) | performance | accessibility | best practices | SEO | FCP | LCP | TBT | benchmark index |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      `| 12 blocks | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${Math.round(figures.fcp)} ms | ${Math.round(figures.lcp)} ms | ${Math.round(figures.tbt)} ms | ${Math.round(lhr.environment?.benchmarkIndex ?? 0)} |`,
      "",
    );
  } finally {
    await lighthouseBrowser.stop();
  }
} finally {
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
}

const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}`;
const report = `# Landing pages: measured\n\n${new Date().toISOString().slice(0, 10)}, ${machine} (shared with other work; runs of ${duration}; PostgreSQL).\nMade by \`node scripts/bench-landing.js\`.\n\n${lines.join("\n")}`;
fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(path.join(root, "bench/landing-pages.md"), report);
console.log(report);
