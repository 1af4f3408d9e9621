// `npm test`: the unit and integration tests (Vitest, on PGlite and on PostgreSQL when
// TEST_DATABASE_URL is set) with the production build made beside them, then, on that build,
// tests/after-build and the end-to-end tests (Playwright in Chromium, with axe-core). What those
// need from Debian is installed beside the unit tests too.
// The build needs nothing from the tests, and Vitest leaves part of two cores idle while its
// tests wait on databases, processes and sockets, so the two run at once (bench/test-loop.md).
// The end-to-end tests do not: run beside Vitest (niced), they took longer than both suites one
// after the other, each slowed by the other's servers and browsers (bench/test-loop.md).
// The build's output is kept in test-results/build.log and shown once the unit tests are done;
// test-results/build.status holds its exit code, for .ci/run's static checks, which start after
// the build so type generation and the build never write at once.
import { spawn } from "node:child_process";
import fs from "node:fs";

/** @param {string[]} args @param {import("node:child_process").StdioOptions} stdio */
const run = (args, stdio = "inherit") =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", ...args], { stdio });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

fs.mkdirSync("test-results", { recursive: true });
fs.rmSync("test-results/build.status", { force: true });
const log = fs.openSync("test-results/build.log", "w");
const build = run(["build"], ["ignore", log, log]).then((code) => {
  fs.writeFileSync("test-results/build.status", `${code}\n`);
  return code;
});

// What the end-to-end tests need from Debian (Chromium, Java, Varnish), installed when missing
// (`pretest` made sure it can be), beside the unit tests, which need none of it.
const toolsLog = fs.openSync("test-results/test-tools.log", "w");
const tools = new Promise((resolve) => {
  const child = spawn("node", ["scripts/ensure-test-tools.js"], { stdio: ["ignore", toolsLog, toolsLog] });
  child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

const unit = await run(["test:unit"]);
const built = await build;
const toolsReady = await tools;
process.stdout.write(fs.readFileSync("test-results/test-tools.log", "utf8"));
if (toolsReady !== 0) {
  console.error("npm test: the end-to-end tests' tools could not be installed (above)");
  process.exit(1);
}
process.stdout.write(fs.readFileSync("test-results/build.log", "utf8"));
if (built !== 0) {
  console.error("npm test: the build failed (above); the end-to-end tests need it");
  process.exit(1);
}
// tests/after-build, then the end-to-end tests, each even when a test before it failed: one run
// reports every failure.
const afterBuild = await run(["test:after-build"]);
const browser = await run(["test:browser"]);
if (unit !== 0) console.error("npm test: unit or integration tests failed (above)");
if (afterBuild !== 0) console.error("npm test: tests/after-build failed (above)");
if (browser !== 0) console.error("npm test: end-to-end tests failed (above)");
process.exit(unit !== 0 || afterBuild !== 0 || browser !== 0 ? 1 : 0);
