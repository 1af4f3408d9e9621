// `node scripts/bench-locales.js`: the cached pages of the second locale against the default
// locale's, in one run on one server (issue 43: at least 0.95 of the default's rate). The server
// runs on core 0 and wrk on core 1 (taskset); each pair of pages (`/` and `/de`, `/faq` and
// `/de/faq`, …) is measured in alternation, BENCH_ROUNDS times (default 5), so the machine's
// drift falls on both alike; the ratio is of the medians. Writes bench/locales.md.
// BENCH_DURATION (5s), BENCH_CONNECTIONS (50), BENCH_PORT (4650) as the other benchmarks.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureSecondLocale, SECOND_LOCALE } from "./support/landing-page.js";
import { buildUnlessSkipped, pinned, root, startProductionServer } from "./support/production-server.js";

const duration = process.env.BENCH_DURATION ?? "5s";
const connections = process.env.BENCH_CONNECTIONS ?? "50";
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 4650);
const pairs = [
  ["/", `/${SECOND_LOCALE}`],
  ["/faq", `/${SECOND_LOCALE}/faq`],
  ["/contact", `/${SECOND_LOCALE}/contact`],
];

/** @param {string} pathname @param {string} length */
function wrk(pathname, length = duration) {
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    `-c${connections}`,
    `-d${length}`,
    "-H",
    "Accept-Encoding: gzip, br",
    `http://127.0.0.1:${port}${pathname}`,
  ]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0), errors };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildUnlessSkipped();
const server = await startProductionServer({ port, core: 0 });
/** @type {{ pair: string[]; rates: number[][]; errors: number }[]} */
const results = [];
try {
  await ensureSecondLocale(`http://127.0.0.1:${port}`);
  for (const pair of pairs) {
    // Warm: the page cache fills on the first request, the code is optimised after a few thousand.
    for (const pathname of pair) wrk(pathname, "2s");
    /** @type {number[][]} */
    const rates = [[], []];
    let errors = 0;
    for (let round = 0; round < rounds; round++) {
      // Alternate which page goes first, so neither always has the fresher machine.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const run = wrk(pair[index]);
        rates[index].push(run.rate);
        errors += run.errors;
      }
    }
    results.push({ pair, rates, errors });
    console.log(`${pair.join(" vs ")}: ${rates.map((list) => list.map(Math.round).join("/")).join(" vs ")} req/s`);
  }
} finally {
  await server.stop();
}

const rows = results.map(({ pair, rates, errors }) => {
  const [base, other] = rates.map(median);
  return `| \`${pair[0]}\` / \`${pair[1]}\` | ${Math.round(base)} | ${Math.round(other)} | ${(other / base).toFixed(2)} | ${rates
    .map((list) => list.map(Math.round).join(", "))
    .join(" / ")} | ${errors} |`;
});
const report = `# Cached pages in a second locale

\`node scripts/bench-locales.js\` (issue 43's target: a cached page in a second locale answers at
0.95 or more of the default locale's rate, in the same run). One production server on a fresh
embedded database with German switched on (its pages show English's content through the
fallback, with their own fixed texts, \`lang\` and hreflang), on core 0; wrk (${connections}
connections, ${duration} a run, gzip and br accepted) on core 1; each pair measured in
alternation, ${rounds} rounds, the median of each side. Measured ${new Date().toISOString().slice(0, 16)} UTC on
${os.cpus().length} cores, load average ${os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(", ")} at the end (a shared machine:
absolute rates move with the other tenants; the ratio is what is compared).

| pages (default / second locale) | default req/s | second req/s | ratio | runs (default / second) | non-2xx |
| --- | --: | --: | --: | --- | --: |
${rows.join("\n")}

A page of the second locale is one more entry of the same page cache (keyed by locale) and is
answered by the same code: the only differences are its bytes (the fixed texts' table in the
root's data, the switcher's links and the alternates, a few hundred bytes more than English's).
`;
fs.writeFileSync(path.join(root, "bench/locales.md"), report);
console.log(report);
