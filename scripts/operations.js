// `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]`: the operator's commands,
// run from the production build so they use the server's own code and configuration.
import { builtServer, ensureBuild, root } from "./support/ensure-build.js";

const [command, ...args] = process.argv.slice(2);
const commands = { backup: "runBackupCommand", restore: "runRestoreCommand" };
if (!commands[command]) {
  console.error("Usage: node scripts/operations.js backup|restore ...");
  process.exit(2);
}
process.chdir(root);
process.env.NODE_ENV = "production";
// The commands print their own summary; the server's JSON log lines would only bury it.
process.env.LOG_LEVEL ??= "warn";
ensureBuild();
try {
  const build = await import(builtServer);
  await build[commands[command]](args);
  process.exit(0);
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
