import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { adminUsers, session, twoFactor, user } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { createAuth, resetLink } from "~/features/auth/auth.server";
import type { Database } from "~/platform/db.server";
import { listTeam } from "./team.server";

/** The activity log's name for whoever runs the server's command line. */
const COMMAND_LINE = { id: null, email: "командная строка" };

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account with the address ${email}.`);
  }
}

async function accountByEmail(db: Database, email: string) {
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new UnknownAccountError(email);
  return row;
}

/**
 * `admin disable-2fa <email>`: for an administrator who lost both the authenticator and the
 * backup codes. Removes the secret and the codes and ends the account's sessions; the account
 * signs in with its password again (and, if two-factor is required, enrols anew).
 */
export async function disableTwoFactorByEmail(db: Database, email: string) {
  const account = await accountByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, account.id));
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, account.id));
    await tx.delete(session).where(eq(session.userId, account.id));
    await recordEvent(tx, { kind: "auth.two_factor_disable", area: "auth", actor: COMMAND_LINE, target: account.email });
  });
  return account.email;
}

/** `admin list`: one line per account. */
export async function listAccountsText(db: Database) {
  const members = await listTeam(db, null);
  if (members.length === 0) return "No accounts yet.";
  return members
    .map((member) =>
      [
        member.email,
        member.isAdmin ? "admin" : "-",
        member.twoFactorEnabled ? "2fa" : "no-2fa",
        `created ${member.createdAt}`,
        `last sign-in ${member.lastSignInAt ?? "never"}`,
        `${member.activeSessions} session(s)`,
      ].join("\t"),
    )
    .join("\n");
}

/** `admin grant <email>`: makes an account an administrator (for a team locked out of its dashboard). */
export async function grantByEmail(db: Database, email: string) {
  const account = await accountByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx.insert(adminUsers).values({ userId: account.id }).onConflictDoNothing();
    await recordEvent(tx, { kind: "team.grant", area: "team", actor: COMMAND_LINE, target: account.email });
  });
  return account.email;
}

/**
 * `admin reset-password <email>`: a single-use link, valid for an hour, made by better-auth's own
 * reset flow (so the token is stored hashed and used up like a mailed one).
 */
export async function createResetLink(db: Database, email: string, origin: string) {
  const account = await accountByEmail(db, email);
  let token: string | undefined;
  // Nothing this auth instance signs is used: the secret only has to be valid.
  const auth = createAuth({ db, secret: randomBytes(32).toString("hex"), port: 0, onResetToken: (reset) => (token = reset.token) });
  await auth.api.requestPasswordReset({ body: { email: account.email, redirectTo: "/admin" } });
  if (!token) throw new Error("The reset link could not be created.");
  await recordEvent(db, { kind: "auth.reset_link", area: "auth", actor: COMMAND_LINE, target: account.email });
  return resetLink(origin, token);
}
