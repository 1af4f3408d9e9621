// `npm run backup` (server/boot/operations-cli.ts) from source, for the integration tests, which
// run before there is a build; scripts/operations.js runs the same function from the build.
import { runBackupCommand } from "../../server/boot/operations-cli";

try {
  await runBackupCommand(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
