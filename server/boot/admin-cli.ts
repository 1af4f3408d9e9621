import {
  createResetLink,
  disableTwoFactorByEmail,
  grantByEmail,
  listAccountsText,
  UnknownAccountError,
} from "~/features/team/admin-commands.server";
import { openDatabase } from "~/platform/db.server";
import { DirectoryLockedError } from "~/platform/directory-lock.server";
import { parseEnv } from "~/platform/env.server";

const usage = "Usage: npm run admin -- list | grant <email> | reset-password <email> | disable-2fa <email>";
const commands = ["list", "grant", "reset-password", "disable-2fa"];

/**
 * `npm run admin -- <command>`: account recovery for whoever runs the server.
 *   list                     every account, its role and sessions
 *   grant <email>            make an account an administrator
 *   reset-password <email>   print a single-use password reset link (valid 1 hour)
 *   disable-2fa <email>      turn two-factor sign-in off for an account (lost authenticator)
 * Works on DATABASE_URL or on the embedded database in DATA_DIR, which must not be in use by a
 * running server (PGlite allows one process per directory). It runs from the production build
 * (scripts/admin.js), so it needs no development dependency. Resolves to the exit code: 0 done,
 * 1 refused or failed (the reason on stderr), 2 usage.
 */
export async function runAdminCommand(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !commands.includes(command) || (command !== "list" && !email)) {
    console.error(usage);
    return 2;
  }
  try {
    await runCommand(command, email);
    return 0;
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(`${error.message}\nThe embedded database is in use by a running server: stop it first, then run this command again.`);
    } else if (error instanceof UnknownAccountError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

async function runCommand(command: string, email: string | undefined) {
  const env = parseEnv();
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  });
  try {
    if (command === "list") console.log(await listAccountsText(handle.db));
    else if (command === "grant") console.log(`${await grantByEmail(handle.db, email!)} is now an administrator.`);
    else if (command === "disable-2fa") {
      const address = await disableTwoFactorByEmail(handle.db, email!);
      console.log(`Two-factor sign-in is off for ${address}; its sessions were ended. It signs in with its password now.`);
    } else {
      const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      console.log(`Single-use link to set a new password (valid for 1 hour):\n${await createResetLink(handle.db, email!, origin)}`);
    }
  } finally {
    await handle.close();
  }
}
