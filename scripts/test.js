// `npm test`: the unit and integration tests (Vitest, on PGlite and on PostgreSQL when
// TEST_DATABASE_URL is set) and, once the production build is made beside them, on that build
// tests/after-build and the end-to-end tests (Playwright in Chromium, with axe-core). What those
// need from Debian is installed beside the unit tests too.
// Neither suite keeps two cores busy by itself: Vitest's files and Playwright's tests wait on
// databases, servers, browsers and sockets. So the end-to-end tests start as soon as the build and
// their tools are ready, beside the unit tests, which run at a lower CPU priority (nice 10): they
// take the cores the browser tests leave idle, and a page or a server the browser waits on is
// never queued behind them (bench/test-loop.md).
// The build's output is kept in test-results/build.log and the end-to-end tests' in
// test-results/e2e.log; both are shown once the unit tests are done, so the log reads one suite at
// a time. test-results/build.status holds the build's exit code, for .ci/run's static checks,
// which start after the build so type generation and the build never write at once.
import { spawn } from "node:child_process";
import fs from "node:fs";

/**
 * Runs an npm script (niced when asked), resolving with its exit code.
 * @param {string[]} args @param {import("node:child_process").StdioOptions} stdio @param {number} [nice]
 */
const run = (args, stdio = "inherit", nice = 0) =>
  new Promise((resolve) => {
    const command = ["npm", "run", "--silent", ...args];
    const child = nice ? spawn("nice", ["-n", String(nice), ...command], { stdio }) : spawn(command[0], command.slice(1), { stdio });
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

// The end-to-end tests, once the build and the tools are ready. They run even when a unit test
// failed: one run reports every failure.
const e2eLog = fs.openSync("test-results/e2e.log", "w");
// tests/after-build first, then Playwright even when one of them failed.
const e2e = Promise.all([build, tools]).then(async ([built, toolsReady]) => {
  if (built !== 0 || toolsReady !== 0) return undefined;
  const afterBuild = await run(["test:after-build"], ["ignore", e2eLog, e2eLog]);
  const browser = await run(["test:browser"], ["ignore", e2eLog, e2eLog]);
  return afterBuild !== 0 ? afterBuild : browser;
});

const unit = await run(["test:unit"], "inherit", 10);
const [built, toolsReady, e2eStatus] = await Promise.all([build, tools, e2e]);
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
process.stdout.write(fs.readFileSync("test-results/e2e.log", "utf8"));
if (unit !== 0) console.error("npm test: unit or integration tests failed (above)");
if (e2eStatus !== 0) console.error("npm test: end-to-end tests failed (above)");
process.exit(unit !== 0 || e2eStatus !== 0 ? 1 : 0);
