// Prints the closing lines for CI from the JSON reports of Vitest and Playwright: the end-to-end
// tests that passed only on a retry ("flaky: N (titles)"), then "tests: N passed, N failed, N skipped".
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const vitest = read("test-results/vitest.json");
// The Vitest files that need the production build run after it (vitest.after-build.config.ts).
const afterBuild = read("test-results/vitest-after-build.json");
for (const run of [vitest, afterBuild]) {
  if (!run) continue;
  passed += run.numPassedTests ?? 0;
  failed += run.numFailedTests ?? 0;
  skipped += (run.numPendingTests ?? 0) + (run.numTodoTests ?? 0);
}
const playwright = read("test-results/playwright.json");
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
}
if (!vitest) failed += 1;
if (!afterBuild) failed += 1;
if (!playwright) failed += 1;

/** Titles of the end-to-end tests that failed first and passed on a retry. */
function flakyTitles(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    if (spec.tests?.some((test) => test.status === "flaky")) titles.push(`${spec.file}: ${spec.title}`);
  }
  for (const child of suite.suites ?? []) flakyTitles(child, titles);
  return titles;
}
// A retry that passes hides nothing: each such test is named on a line of its own.
const flaky = playwright ? (playwright.suites ?? []).flatMap((suite) => flakyTitles(suite)) : [];
// Where the run's time went, for the test loop's breakdown (bench/test-loop.md).
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const stages = [];
if (vitest?.startTime && vitest.testResults?.length) {
  stages.push(`Vitest ${seconds(Math.max(...vitest.testResults.map((file) => file.endTime ?? 0)) - vitest.startTime)}`);
}
if (playwright?.stats?.duration) stages.push(`Playwright ${seconds(playwright.stats.duration)}`);
if (stages.length) console.log(`time: ${stages.join(", ")}`);
console.log(`flaky: ${playwright?.stats?.flaky ?? flaky.length}${flaky.length ? ` (${flaky.join("; ")})` : ""}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
