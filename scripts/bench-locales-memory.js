// `node scripts/bench-locales-memory.js`: the page cache's memory and the server's peak RSS with
// four public locales (English, German, French, Italian) against English alone (issue 43: inside
// the serving budget, 250 MB). Each variant is a fresh production server on the embedded database
// on core 0: every public page and the every-block landing page asked once in each of its locales
// (so the cache holds them all), then wrk on core 1 cycling through all of them (50 connections).
// Peak RSS is VmHWM, as `npm run bench` reads it; the cached pages are the server's
// page_cache_pages. Writes bench/locales-memory.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sitemapPagePaths } from "../app/features/seo/public-pages.js";
import {
  ensureEveryBlockPage,
  ensureLocale,
  ensureLocalizedEveryBlockPage,
  EVERY_BLOCK_PATH,
  localizedEveryBlockPath,
} from "./support/landing-page.js";
import { buildUnlessSkipped, pinned, root, startProductionServer } from "./support/production-server.js";

const port = Number(process.env.BENCH_PORT ?? 4660);
const duration = process.env.BENCH_DURATION ?? "10s";
const SETTLE_WAIT_MS = 10_000;
const variants = [
  { name: "English alone", locales: [] },
  { name: "four locales (en, de, fr, it)", locales: ["de", "fr", "it"] },
];
const pages = [...sitemapPagePaths, EVERY_BLOCK_PATH];
/**
 * A page's address in a locale: the fixed pages under the prefix, the landing page at its own
 * version's address (a landing page has an address per locale; the English path under /de is
 * that locale's 404).
 * @param {string} prefix @param {string} page
 */
const addressIn = (prefix, page) => {
  if (!prefix) return page;
  if (page === EVERY_BLOCK_PATH) return localizedEveryBlockPath(prefix.slice(1));
  return page === "/" ? prefix : `${prefix}${page}`;
};
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
/** @param {number} pid @param {string} name */
const statusMb = (pid, name) =>
  Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

buildUnlessSkipped();
const rows = [];
for (const variant of variants) {
  const token = "bench-locales-memory-token";
  const server = await startProductionServer({ port, core: 0, env: { METRICS_TOKEN: token } });
  const base = `http://127.0.0.1:${port}`;
  try {
    await ensureEveryBlockPage(base);
    for (const code of variant.locales) {
      await ensureLocale(base, code);
      await ensureLocalizedEveryBlockPage(base, { code });
    }
    const setupPeak = statusMb(Number(server.child.pid), "VmHWM");
    const addresses = ["", ...variant.locales.map((code) => `/${code}`)].flatMap((prefix) => pages.map((page) => addressIn(prefix, page)));
    /** @type {string[]} */
    const failed = [];
    for (const address of addresses) {
      const response = await fetch(`${base}${address}`, { headers: { "accept-encoding": "gzip, br" } });
      await response.arrayBuffer();
      if (response.status !== 200) failed.push(`${address} ${response.status}`);
    }
    // The kept copies are compressed again at the best settings once the pages have settled
    // (server/page-cache/recompression.ts): some 100 ms of a core per page, 48 pages with four
    // locales. Waited for, so that wrk measures answering, not the recompression beside it.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS));
    const script = path.join(os.tmpdir(), `bench-locales-memory-${process.pid}.lua`);
    fs.writeFileSync(
      script,
      `paths = { ${addresses.map((address) => JSON.stringify(address)).join(", ")} }\ncounter = 0\nrequest = function()\n  counter = counter + 1\n  return wrk.format("GET", paths[(counter % #paths) + 1])\nend\n`,
    );
    const [command, args] = pinned(1, "wrk", ["-t1", "-c50", `-d${duration}`, "-s", script, "-H", "Accept-Encoding: gzip, br", base]);
    const output = execFileSync(command, args, { encoding: "utf8" });
    fs.rmSync(script, { force: true });
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const cached = Number(/^page_cache_pages (\d+)/m.exec(metrics)?.[1] ?? Number.NaN);
    rows.push({
      name: variant.name,
      addresses: addresses.length,
      failed,
      setupPeak,
      cached,
      rate: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
      errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
      peak: statusMb(Number(server.child.pid), "VmHWM"),
      rss: statusMb(Number(server.child.pid), "VmRSS"),
    });
  } finally {
    await server.stop();
  }
}

const table = rows
  .map(
    (row) =>
      `| ${row.name} | ${row.addresses} (${row.failed.length} not 200${row.failed.length ? `: ${row.failed.join(", ")}` : ""}) | ${row.cached} | ${row.rate} (${row.errors} non-2xx) | ${row.setupPeak} | ${row.rss} | ${row.peak} |`,
  )
  .join("\n");
const text = `# The page cache with four locales: memory

\`node scripts/bench-locales-memory.js\` (issue 43: the page cache's memory with 4 locales × all
pages, and peak RSS, inside the serving budget of 250 MB). Each variant a fresh production server
on the embedded database, on core 0: every public page and the every-block landing page asked
once in each of its locales, then, once their best compression is done, wrk on core 1 cycling
through all of them, 50 connections, ${duration}, gzip and br accepted. Measured ${new Date().toISOString()} on ${os.cpus().length} cores, load average ${load()} at the end.

| server | addresses asked | pages cached | req/s cycling through them | peak RSS after setup, MB | RSS after, MB | peak RSS (VmHWM), MB |
| --- | --: | --: | --: | --: | --: | --: |
${table}

Setup (before any page is asked): the every-block page published; for each other locale, the
locale added and switched on (with the completeness override) and the landing page's version
published in it, all through the dashboard's own actions. "Peak RSS after setup" is VmHWM then;
the last column is VmHWM at the end. An address listed as not 200 is named with its status. The
req/s column is one run: on this machine the same server's rate moves by a third from one run to
the next, so it says that every page was answered from the cache, not how fast one set is.

A page of another locale is one more entry of the same page cache (keyed by the locale's prefix),
its bytes a few hundred more than English's (the fixed texts' table, the switcher, the alternates).
Where the memory goes, and what was tried: docs/performance.md ("Memory with four locales").
`;
fs.writeFileSync(path.join(root, "bench/locales-memory.md"), text);
console.log(text);
