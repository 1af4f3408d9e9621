// The end-to-end tests drive Debian's Chromium (its headless shell; Lighthouse the full browser), the HTML checker
// (vnu-jar) runs on Java, and the edge cache's tests run Varnish with vmod-xkey. What is missing is installed through apt-get when this runs as root on
// a machine that has it; otherwise it stops at once with the one command to run, before minutes
// of unit tests end in a missing browser. `npm test` runs it first with `--check`, which only
// says whether the tools are there or can be installed, then installs them beside the unit tests,
// which need none of them (scripts/test.js): half a minute of apt-get off the waiting path.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const packages = [];
if (!fs.existsSync(chromiumPath)) packages.push("chromium");
// The end-to-end tests' browser: the same Chromium's headless shell (scripts/support/chromium.js).
if (!process.env.E2E_CHROMIUM_PATH && !fs.existsSync("/usr/bin/chromium-headless-shell")) packages.push("chromium-headless-shell");
if (spawnSync("java", ["-version"], { stdio: "ignore" }).status !== 0) packages.push("default-jre-headless");
if (!fs.existsSync("/usr/sbin/varnishd")) packages.push("varnish");
if (!fs.existsSync("/usr/share/doc/varnish-modules")) packages.push("varnish-modules");
if (packages.length === 0) process.exit(0);

const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(" ")}`;
const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
if (!canInstall) {
  console.error(`The tests need ${packages.join(" and ")}, which this machine lacks. Install with:\n\n  sudo sh -c '${install}'\n`);
  process.exit(1);
}

if (process.argv.includes("--check")) process.exit(0);

console.log(`Installing what the tests need: ${packages.join(", ")}`);
// Another install running at the same time holds dpkg's lock: wait for it rather than fail.
const lockWait = ["-o", "DPkg::Lock::Timeout=600"];
for (const args of [
  [...lockWait, "update"],
  [...lockWait, "install", "-y", "--no-install-recommends", ...packages],
]) {
  const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status !== 0) {
    console.error(`Could not install ${packages.join(", ")} (apt-get ${args.join(" ")} failed). Run:\n\n  ${install}\n`);
    process.exit(1);
  }
}
