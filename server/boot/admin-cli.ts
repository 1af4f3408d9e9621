import {
  createResetLink,
  disableTwoFactorByEmail,
  grantByEmail,
  listAccountsText,
  UnknownAccountError,
} from "~/features/team/admin-commands.server";
import { openDatabase, type Database } from "~/platform/db.server";
import { DirectoryLockedError } from "~/platform/directory-lock.server";
import { parseEnv, type Env } from "~/platform/env.server";
import { askRunningServer } from "./control-client";

const usage = "Usage: npm run admin -- list | grant <email> | reset-password <email> | disable-2fa <email>";
const commands = ["list", "grant", "reset-password", "disable-2fa"];

/** What a command answers: its exit code and what it prints. */
export interface CommandAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- <command>`: account recovery for whoever runs the server.
 *   list                     every account, its role and sessions
 *   grant <email>            make an account an administrator
 *   reset-password <email>   print a single-use password reset link (valid 1 hour)
 *   disable-2fa <email>      turn two-factor sign-in off for an account (lost authenticator)
 * Works on DATABASE_URL or on the embedded database in DATA_DIR. A server running on that
 * directory (PGlite allows one process per directory) is asked to run the command itself over
 * its control socket (control-socket.ts); with none, the directory is opened directly. It runs
 * from the production build (scripts/admin.js), so it needs no development dependency.
 * Resolves to the exit code: 0 done, 1 refused or failed (the reason on stderr), 2 usage.
 */
export async function runAdminCommand(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !commands.includes(command) || (command !== "list" && !email)) {
    console.error(usage);
    return 2;
  }
  const env = parseEnv();
  let answer: CommandAnswer;
  try {
    const remote = env.DATABASE_URL ? null : await askRunningServer(env.DATA_DIR, { command: "admin", args: [command, email ?? ""] });
    answer = (remote as CommandAnswer | null) ?? (await runAdminCommandDirectly(env, command, email));
  } catch (error) {
    answer = { code: 1, stdout: "", stderr: error instanceof Error ? error.message : String(error) };
  }
  if (answer.stdout) console.log(answer.stdout);
  if (answer.stderr) console.error(answer.stderr);
  return answer.code;
}

async function runAdminCommandDirectly(env: Env, command: string, email: string | undefined): Promise<CommandAnswer> {
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    return {
      code: 1,
      stdout: "",
      stderr: `${error.message}\nThe embedded database is in use by a running server: stop it first, then run this command again (it did not answer on its control socket).`,
    };
  }
  try {
    return await adminCommandOn(handle.db, env, command, email);
  } finally {
    await handle.close();
  }
}

/** Runs one command on a database (the command's own, or the running server's); never throws. */
export async function adminCommandOn(db: Database, env: Env, command: string, email: string | undefined): Promise<CommandAnswer> {
  if (!commands.includes(command) || (command !== "list" && !email)) return { code: 2, stdout: "", stderr: usage };
  try {
    return { code: 0, stdout: await commandText(db, env, command, email), stderr: "" };
  } catch (error) {
    if (error instanceof UnknownAccountError) return { code: 1, stdout: "", stderr: error.message };
    return { code: 1, stdout: "", stderr: error instanceof Error ? error.message : String(error) };
  }
}

async function commandText(db: Database, env: Env, command: string, email: string | undefined) {
  if (command === "list") return listAccountsText(db);
  if (command === "grant") return `${await grantByEmail(db, email!)} is now an administrator.`;
  if (command === "disable-2fa") {
    const address = await disableTwoFactorByEmail(db, email!);
    return `Two-factor sign-in is off for ${address}; its sessions were ended. It signs in with its password now.`;
  }
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return `Single-use link to set a new password (valid for 1 hour):\n${await createResetLink(db, email!, origin)}`;
}
