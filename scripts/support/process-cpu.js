// A process's CPU time (user and system) read from /proc, for the benchmarks that report the
// server's CPU time per answer.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** @param {number} pid @returns {number} microseconds of CPU the process has used */
export function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}
