// The admin command (server/boot/admin-cli.ts) from source, for the integration tests, which run
// before there is a build; `npm run admin` runs the same function from the build (scripts/admin.js).
import { runAdminCommand } from "../../server/boot/admin-cli";

process.exit(await runAdminCommand(process.argv.slice(2)));
