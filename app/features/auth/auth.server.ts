import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { ensureFirstAdmin } from "./admin-users.server";
import { getDb, type Database } from "~/platform/db.server";
import { signInEventHook } from "./auth-events.server";
import { acceptInvitation } from "./invitations.server";
import { CLIENT_IP_HEADER } from "~/platform/client-address.server";
import { logger } from "~/platform/logger.server";
import { databaseOutageSince, isConnectionError } from "~/platform/database-outage.server";
import { resetMail, sendVerificationMail } from "~/platform/mail.server";
import { queueMail } from "~/platform/mail-outbox.server";
import { decideSignUp, signUpGate } from "./sign-up-policy.server";
import { refusePasswordWhenSsoRequired } from "./password-gate.server";

/** The invitation token a sign-up carries in its body, whichever way the sign-up arrived. */
const invitationOf = (context: { body?: unknown } | null | undefined) =>
  (context?.body as { invitation?: unknown } | undefined)?.invitation;

/** The name authenticator apps show beside the account's address. */
export const TWO_FACTOR_ISSUER = "Valora Admin";

export interface AuthOptions {
  db: Database;
  secret: string;
  port: number;
  publicUrl?: string;
  smtpUrl?: string;
  smtpFrom?: string;
  /**
   * Receives each password-reset token instead of the mail: the `admin reset-password` command
   * prints the link. Without it, reset links are mailed when SMTP is configured.
   */
  onResetToken?: (reset: { email: string; token: string }) => void;
}

/** Where a reset link leads: the login screen, which then asks for the new password. */
export const resetLink = (origin: string, token: string) => `${origin}/admin?${RESET_PARAMETER}=${encodeURIComponent(token)}`;
export const RESET_PARAMETER = "reset";

export function createAuth(options: AuthOptions) {
  const requireEmailVerification = Boolean(options.smtpUrl);
  return betterAuth({
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    secret: options.secret,
    // Without PUBLIC_URL the base URL is taken from each request, so the site works at
    // localhost and 127.0.0.1 alike; only those two origins are trusted then.
    baseURL: options.publicUrl,
    trustedOrigins: options.publicUrl ? [options.publicUrl] : [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`],
    emailAndPassword: passwordOptions(options, requireEmailVerification),
    // Reset tokens are kept only as hashes, so a copy of the database cannot reset a password.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    emailVerification: requireEmailVerification ? verificationMailOptions(options.smtpUrl!, options.smtpFrom) : undefined,
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Our own limiter (rate-limit.server.ts) covers every mode and route actions too.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.publicUrl?.startsWith("https://") ?? false,
    },
    hooks: { before: beforeGates(options.db), after: signInEventHook(options.db) },
    plugins: [twoFactorPlugin()],
    databaseHooks: accountHooks(options.db),
    logger: {
      log: (level, message, ...args) => {
        // A database outage is logged once, as an outage (database-outage.server.ts), not per request.
        if (level === "error" && (databaseOutageSince() || args.some(isConnectionError))) return;
        if (level === "error") logger.error({ source: "auth" }, message);
        else if (level === "warn") logger.warn({ source: "auth" }, message);
      },
    },
  });
}

/** Before better-auth's work: passwords where single sign-on is required, then the sign-up policy. */
function beforeGates(db: Database) {
  const signUp = signUpGate(db);
  return createAuthMiddleware(async (ctx) => {
    refusePasswordWhenSsoRequired(ctx.path, ctx.body);
    await signUp(ctx);
  });
}

/** Email-and-password accounts: password lengths, sign-in after sign-up, and reset links. */
function passwordOptions(options: AuthOptions, requireEmailVerification: boolean): BetterAuthOptions["emailAndPassword"] {
  return {
    enabled: true,
    minPasswordLength: 6,
    maxPasswordLength: 128,
    autoSignIn: !requireEmailVerification,
    requireEmailVerification,
    // Single-use links valid for an hour; using one signs every browser of the account out.
    resetPasswordTokenExpiresIn: 60 * 60,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, token }) => {
      if (options.onResetToken) return options.onResetToken({ email: user.email, token });
      if (!options.smtpUrl || !options.publicUrl) return;
      // Queued, not sent: the answer must not wait for the mail server (an address with an
      // account would take longer than one without); the outbox retries a failed send.
      await queueMail(options.db, { kind: "password-reset", to: user.email, ...resetMail(resetLink(options.publicUrl, token)) });
    },
  };
}

/** With SMTP configured, a new account confirms its address by mail and is signed in by the link. */
function verificationMailOptions(smtpUrl: string, smtpFrom: string | undefined): BetterAuthOptions["emailVerification"] {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: true,
    sendVerificationEmail: async ({ user, url }) => {
      await sendVerificationMail({
        smtpUrl,
        from: smtpFrom,
        to: user.email,
        url,
      });
    },
  };
}

/** Two-factor sign-in with an authenticator app's codes or one of ten backup codes. */
function twoFactorPlugin() {
  return twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    // Backup codes are kept encrypted with the auth secret (never as plain text), like the
    // TOTP secret; a used code is removed from the list.
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
    totpOptions: { digits: 6, period: 30 },
    // The code step of a sign-in must follow the password within ten minutes.
    twoFactorCookieMaxAge: 10 * 60,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });
}

/**
 * Every account is created through these hooks, whether by the dashboard's action or by a
 * direct call to /api/auth/sign-up/email, so the sign-up policy cannot be bypassed.
 */
function accountHooks(db: Database): BetterAuthOptions["databaseHooks"] {
  return {
    user: {
      create: {
        before: async (newUser, context) => {
          const decision = await decideSignUp(db, newUser.email, invitationOf(context));
          if (!decision.allowed) throw new APIError("BAD_REQUEST", { message: decision.message });
        },
        after: async (created, context) => {
          const invitation = invitationOf(context);
          if (typeof invitation === "string" && invitation) {
            const accepted = await acceptInvitation(db, invitation, created.id, created.email);
            if (!accepted) logger.warn({ userId: created.id }, "invitation no longer valid when the account was created");
          }
          await ensureFirstAdmin(db).catch((error: unknown) => logger.error({ err: error }, "ensure_first_admin failed"));
        },
      },
    },
    session: {
      create: {
        after: async (created, context) => {
          // With two-factor on, the password's session is dropped at once for the code step;
          // the session the code opens is the sign-in.
          const passwordStep = context?.path === "/sign-in/email";
          await db
            .update(schema.user)
            .set({ lastSignInAt: new Date() })
            .where(
              passwordStep
                ? and(eq(schema.user.id, created.userId), eq(schema.user.twoFactorEnabled, false))
                : eq(schema.user.id, created.userId),
            );
        },
      },
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

let current: Auth | undefined;

export function setAuth(auth: Auth | undefined) {
  current = auth;
}

export function getAuth(): Auth {
  if (!current) throw new Error("Authentication is not configured yet");
  return current;
}

export function createAuthForDatabase(db: Database = getDb(), overrides: Partial<AuthOptions> = {}) {
  return createAuth({ db, secret: "test-secret-".padEnd(40, "x"), port: 3000, ...overrides });
}
