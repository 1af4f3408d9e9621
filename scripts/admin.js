// `npm run admin -- list | grant <email> | reset-password <email> | disable-2fa <email>`: account
// recovery (server/boot/admin-cli.ts), run from the production build like `npm run backup`, so a
// production install (no development dependencies) can use it.
import { builtServer, ensureBuild, root } from "./support/ensure-build.js";

process.chdir(root);
process.env.NODE_ENV = "production";
// The command prints its own answer; the server's JSON log lines would only bury it.
process.env.LOG_LEVEL ??= "warn";
ensureBuild();
const build = await import(builtServer);
process.exit(await build.runAdminCommand(process.argv.slice(2)));
