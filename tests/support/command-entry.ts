import path from "node:path";
import { inject } from "vitest";

type CommandEntry = "run-admin-command" | "run-backup-command" | "release-scheduler-child" | "archive-publisher-child";

/**
 * The arguments for `node` that run one of the commands in tests/support as a process of its own:
 * the file compiled once for the run by tests/setup/command-entries.ts, or, in a run without that
 * set-up, the source through tsx.
 */
export function commandEntryArgs(name: CommandEntry): string[] {
  const compiled = inject("commandEntries");
  if (compiled) return [path.join(compiled, `${name}.mjs`)];
  return ["node_modules/tsx/dist/cli.mjs", `tests/support/${name}.ts`];
}
