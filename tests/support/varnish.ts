// Varnish for the tests (Debian's `varnish` and `varnish-modules`, for vmod-xkey): installed
// through apt-get when missing and this runs as root, like Chromium and Java
// (scripts/ensure-test-tools.js); started in the foreground with the shipped VCL, its back-ends
// pointed at the test's servers.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { varnishdParams, varnishWorkBase } from "../../scripts/support/varnish-params.js";

const VARNISHD = "/usr/sbin/varnishd";
const XKEY_VMOD = /libvmod_xkey\.so$/;

function hasXkey() {
  const result = spawnSync("dpkg", ["-L", "varnish-modules"], { encoding: "utf8" });
  return result.status === 0 && result.stdout.split("\n").some((line) => XKEY_VMOD.test(line));
}

/** Undefined when Varnish with xkey is here (installed now if it can be); else why it cannot be. */
export function ensureVarnish(): string | undefined {
  if (fs.existsSync(VARNISHD) && hasXkey()) return undefined;
  const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!canInstall) return "Varnish is not installed and cannot be here (run: sudo apt-get install -y varnish varnish-modules)";
  const lockWait = ["-o", "DPkg::Lock::Timeout=600"];
  for (const args of [
    [...lockWait, "update"],
    [...lockWait, "install", "-y", "--no-install-recommends", "varnish", "varnish-modules"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) return `apt-get ${args.at(-1)} failed: Varnish could not be installed`;
  }
  return fs.existsSync(VARNISHD) && hasXkey() ? undefined : "varnish-modules installed without vmod-xkey";
}

export interface RunningVarnish {
  url: string;
  /** varnishd's working directory (-n), for varnishadm and varnishlog. */
  instance: string;
  output(): string;
  stop(): Promise<void>;
}

/** A varnishadm command against a running Varnish; its output. */
export function varnishadm(varnish: RunningVarnish, ...command: string[]): string {
  const result = spawnSync("varnishadm", ["-n", varnish.instance, ...command], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`varnishadm ${command.join(" ")} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The shipped VCL with its two back-ends on these ports. */
export function vclFor(backendPorts: [number, number]): string {
  const shipped = fs.readFileSync(path.resolve("deploy/varnish/default.vcl"), "utf8");
  return shipped.replace('.port = "3000"', `.port = "${backendPorts[0]}"`).replace('.port = "3001"', `.port = "${backendPorts[1]}"`);
}

/** Starts varnishd in the foreground on the port; resolves once it answers. */
export async function startVarnish(port: number, vcl: string): Promise<RunningVarnish> {
  // In memory, as deploy/varnish/README.md asks (varnishd writes its shared-memory log there).
  const workDir = fs.mkdtempSync(path.join(varnishWorkBase(), "site-varnish-"));
  // varnishd's workers drop to the varnish user, which must be able to read the VCL.
  fs.chmodSync(workDir, 0o755);
  const vclPath = path.join(workDir, "site.vcl");
  fs.writeFileSync(vclPath, vcl);
  fs.chmodSync(vclPath, 0o644);
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      ...["-F", "-n", path.join(workDir, "instance"), "-a", `127.0.0.1:${port}`, "-f", vclPath, "-s", "malloc,64m"],
      // The shipped parameters (deploy/varnish/varnishd.params), as the bench runs them too.
      ...varnishdParams(),
      "-p",
      "timeout_idle=2",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`varnishd did not answer in time: ${output}`);
    }
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    instance: path.join(workDir, "instance"),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
