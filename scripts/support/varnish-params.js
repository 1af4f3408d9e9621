// The run-time parameters the shipped Varnish configuration is run with, from
// deploy/varnish/varnishd.params (a systemd environment file setting VARNISHD_PARAMS): read by
// the bench (scripts/support/bench-edge.js) and the tests (tests/support/varnish.ts), so that both
// run Varnish as deploy/varnish/README.md tells an operator to.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const VARNISHD_PARAMS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/varnish/varnishd.params");

/**
 * varnishd's arguments from the file's `VARNISHD_PARAMS="…"` (systemd splits the value on spaces
 * the same way when it is used unquoted as `$VARNISHD_PARAMS`).
 * @param {string} [file] @returns {string[]}
 */
export function varnishdParams(file = VARNISHD_PARAMS_FILE) {
  const line = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .find((each) => each.startsWith("VARNISHD_PARAMS="));
  if (!line) throw new Error(`${file} sets no VARNISHD_PARAMS`);
  return line
    .slice("VARNISHD_PARAMS=".length)
    .replace(/^"(.*)"$/, "$1")
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Where to make varnishd's working directory (-n): in memory (/dev/shm) where there is one, as
 * varnishd(1) asks ("should be on a RAM backed filesystem"): the shared-memory log in it is
 * written on every answer, and on a disk that costs page faults and writes. Else the temporary
 * directory. @returns {string}
 */
export function varnishWorkBase() {
  try {
    fs.accessSync("/dev/shm", fs.constants.W_OK);
    return "/dev/shm";
  } catch {
    return os.tmpdir();
  }
}
