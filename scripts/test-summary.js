// Prints the closing lines for CI from the JSON reports of Vitest and Playwright: each test that
// failed with the first line of its error ("failed: file: title: message"), the end-to-end tests
// that passed only on a retry ("flaky: N (titles)"), then "tests: N passed, N failed, N skipped".
// They come at the end (before .ci/run's stage times) because a CI log is read from its end.
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
  // A file that failed outside its tests (a hook, an import) fails no test of its own: count it.
  for (const file of run.testResults ?? [])
    if (file.status === "failed" && !file.assertionResults?.some((/** @type {any} */ test) => test.status === "failed")) {
      failed += 1;
      console.log(`failed outside its tests: ${file.name}: ${String(file.message ?? "").split("\n")[0]}`);
    }
  skipped += (run.numPendingTests ?? 0) + (run.numTodoTests ?? 0);
}
/** The first line of a failure's message, without terminal colours, cut at 300 characters. */
const firstLine = (message) =>
  String(message ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";
const failures = [];
for (const run of [vitest, afterBuild])
  for (const file of run?.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === "failed")
        failures.push(`${file.name.replace(`${process.cwd()}/`, "")}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);

const playwright = read("test-results/playwright.json");
/** The end-to-end tests that failed on every attempt, with their last attempt's error. */
function failedSpecs(suite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === "unexpected") {
        const last = test.results?.at(-1);
        failures.push(`${spec.file}:${spec.line}: ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
  for (const child of suite.suites ?? []) failedSpecs(child);
}
for (const suite of playwright?.suites ?? []) failedSpecs(suite);
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
// The failures first, at most FAILURES_SHOWN of them (the reports above list them all), so that
// the lines after them (time, role walk, flaky, totals) stay within a short view of the log's end.
const FAILURES_SHOWN = 15;
for (const failure of failures.slice(0, FAILURES_SHOWN)) console.log(`failed: ${failure}`);
if (failures.length > FAILURES_SHOWN) console.log(`failed: … and ${failures.length - FAILURES_SHOWN} more (test-results/*.json)`);
// Where the run's time went, for the test loop's breakdown (bench/test-loop.md).
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const stages = [];
if (vitest?.startTime && vitest.testResults?.length) {
  stages.push(`Vitest ${seconds(Math.max(...vitest.testResults.map((file) => file.endTime ?? 0)) - vitest.startTime)}`);
}
if (playwright?.stats?.duration) stages.push(`Playwright ${seconds(playwright.stats.duration)}`);
if (stages.length) console.log(`time: ${stages.join(", ")}`);
// The role matrix walk (tests/integration/role-matrix.test.ts): routes × roles × actions covered, and escalations.
const roleWalk = read("test-results/role-walk-pglite.json");
if (roleWalk) {
  console.log(
    `role matrix: ${roleWalk.routes} routes × ${roleWalk.roles} roles (the administrator: the access walk) × ${roleWalk.calls} loader and write calls covered, ${roleWalk.escalations} escalations, ${roleWalk.refused} permitted calls refused`,
  );
  if (roleWalk.escalations > 0 || roleWalk.refused > 0) failed += 1;
} else console.log("role matrix: not walked (test-results/role-walk-pglite.json missing)");
console.log(`flaky: ${playwright?.stats?.flaky ?? flaky.length}${flaky.length ? ` (${flaky.join("; ")})` : ""}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
