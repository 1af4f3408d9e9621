import fs from "node:fs";
import path from "node:path";
import { build } from "rolldown";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory of the compiled command entries (see tests/support/command-entry.ts). */
    commandEntries: string | undefined;
  }
}

/** The entries the integration tests run as processes of their own, as an operator would. */
export const commandEntryNames = ["run-admin-command", "run-backup-command", "release-scheduler-child", "archive-publisher-child"] as const;

/**
 * Compiles the commands the integration tests start as processes (tests/support/run-*.ts and the
 * scheduler child) once for the run, to JavaScript that Node runs as it is. Through tsx each start
 * loaded tsx and its compiler and read every source through it: some 2.8 s of CPU per process
 * against 0.8 s for the compiled file (measured on the loaded two-core machine), and the tests
 * start some thirty of them. The same sources, the same process, the same arguments; only the
 * TypeScript is compiled beforehand. The packages stay imports from node_modules, as under tsx.
 */
export default async function setup(project: TestProject) {
  const root = process.cwd();
  // Under node_modules so the compiled files find the packages as the sources do.
  // A fresh `npm ci` has no node_modules/.cache yet.
  fs.mkdirSync(path.join(root, "node_modules/.cache"), { recursive: true });
  const directory = fs.mkdtempSync(path.join(root, "node_modules/.cache/test-command-entries-"));
  await build({
    input: Object.fromEntries(commandEntryNames.map((name) => [name, path.join(root, "tests/support", `${name}.ts`)])),
    platform: "node",
    resolve: { alias: { "~": path.join(root, "app") } },
    // Packages load from node_modules at run time, exactly as tsx loads them.
    external: (id) => !id.startsWith(".") && !id.startsWith("~") && !path.isAbsolute(id),
    output: { dir: directory, format: "esm", entryFileNames: "[name].mjs" },
    logLevel: "warn",
  });
  project.provide("commandEntries", directory);
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
