import { sql } from "drizzle-orm";
import { adminSettings, adminUsers, ssoSessions, user as users } from "~/db/schema";
import { ensureFirstAdmin } from "./admin-users.server";
import { getAuth } from "./auth.server";
import { getDb, type Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { Person } from "~/platform/person";
import { logger } from "~/platform/logger.server";
import { TWO_FACTOR_REQUIRED } from "./two-factor.server";
import { failed } from "~/platform/action-result.server";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { adminLanguageOf, DEFAULT_ADMIN_LANGUAGE, type AdminLanguage } from "~/features/admin-i18n/language";
import {
  editsDefaultLocale,
  isRole,
  localeRefusalMessage,
  refusalMessage,
  roleAllows,
  type Permission,
  type Role,
} from "~/features/access/matrix";
import { DEFAULT_LOCALE } from "~/platform/record-key";

export interface SessionUser extends Person {
  name: string;
  /** The session this request came with, so the dashboard can tell it from the user's others. */
  sessionId: string;
  /** The language the dashboard speaks to this person (read with the role; Russian until then). */
  language: AdminLanguage;
  role: Role | null;
}

/** The signed-in account, before its role is read (the role is null here; getAdminStatus reads it). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    sessionId: session.session.id,
    role: null,
    language: DEFAULT_ADMIN_LANGUAGE,
  };
}

/**
 * The admin gate: while no administrator exists ensure_first_admin runs first (its failure is
 * only logged), then the admin_users record decides; an error in the check means not admin.
 * Checked once per request: the loaders of one request (a revalidation runs the layout's and the
 * page's side by side, each calling requireAdmin) share the check (the session, its user and
 * the role, three statements), which an administrator's save ran twice; the next request checks again.
 */
export function getAdminStatus(request: Request): ReturnType<typeof readAdminStatus> {
  let status = statusByRequest.get(request);
  if (!status) {
    status = readAdminStatus(request);
    statusByRequest.set(request, status);
  }
  return status;
}

const statusByRequest = new WeakMap<Request, ReturnType<typeof readAdminStatus>>();

interface AdminRole {
  /** The account's dashboard role; null: none. */
  role: Role | null;
  locales: string[];
  /** Whether any administrator exists: until one does, the earliest user is made one. */
  anyAdmin: boolean;
  twoFactorRequired: boolean;
  enrolled: boolean;
  /** This session came from single sign-on whose provider reported multi-factor authentication (app/features/sso). */
  providerMfa: boolean;
  /** The account's dashboard language. */
  language: string | null;
}

/**
 * The user's role, whether there is any administrator, the two-factor requirement and the user's
 * enrolment, in one statement. They were four reads and a transaction of four statements for
 * ensure_first_admin on every admin request, a third of an administrator's save; on the embedded
 * database each statement costs about half a millisecond of the core the visitors share.
 */
export async function readAdminRole(db: Database, userId: string, sessionId?: string): Promise<AdminRole> {
  const result = await db.execute(sql`select
    (select ${adminUsers.role} from ${adminUsers} where ${adminUsers.userId} = ${userId}) as "role",
    coalesce((select ${adminUsers.locales} from ${adminUsers} where ${adminUsers.userId} = ${userId}), '{}'::text[]) as "locales",
    exists(select 1 from ${adminUsers} where ${adminUsers.role} = 'administrator') as "anyAdmin",
    coalesce((select ${adminSettings.value} = 'true'::jsonb from ${adminSettings} where ${adminSettings.key} = ${TWO_FACTOR_REQUIRED}), false) as "twoFactorRequired",
    coalesce((select ${users.twoFactorEnabled} from ${users} where ${users.id} = ${userId}), false) as "enrolled",
    exists(select 1 from ${ssoSessions} where ${ssoSessions.sessionId} = ${sessionId ?? ""} and ${ssoSessions.mfa}) as "providerMfa",
    (select ${users.adminLanguage} from ${users} where ${users.id} = ${userId}) as "language"`);
  return (result as unknown as { rows: AdminRole[] }).rows[0]!;
}

/**
 * The session, its user's role and the two-factor requirement, read from the database. Only
 * while no administrator exists does ensure_first_admin run (it does nothing once one does),
 * and the role is read again after it.
 */
async function readAdminStatus(request: Request) {
  const user = await getSessionUser(request);
  if (!user) return { user: null, isAdmin: false, role: null } as const;
  const db = getDb();
  const readRole = () => readAdminRole(db, user.id, user.sessionId);
  const role = await readRole()
    .then(async (first) => {
      if (first.anyAdmin) return first;
      await ensureFirstAdmin(db).catch((error: unknown) => logger.error({ err: error }, "ensure_first_admin failed"));
      return readRole();
    })
    .catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, "admin check failed");
      return undefined;
    });
  if (!role || !isRole(role.role)) return { user, isAdmin: false, role: null, mustEnrol: false } as const;
  const member: SessionUser = { ...user, role: role.role, locales: role.locales ?? [], language: adminLanguageOf(role.language) };
  // 'Двухфакторная аутентификация обязательна': a member of the team without it must enrol first.
  // `isAdmin`: the account has a role, so it gets the dashboard (each role sees what it allows).
  return {
    user: member,
    isAdmin: true,
    role: role.role,
    mustEnrol: role.twoFactorRequired && !role.enrolled && !role.providerMfa,
  } as const;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A write must come from a page of this site: the Origin header names where it came from. */
export function assertSameOrigin(request: Request) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const allowed = getEnv().PUBLIC_URL ?? new URL(request.url).origin;
  if (origin !== allowed) {
    logger.warn({ origin, path: new URL(request.url).pathname }, "cross-origin write refused");
    throw Response.json({ message: "Cross-origin request refused" }, { status: 403 });
  }
}

/**
 * Every dashboard loader and action calls this itself, naming the permission its section needs
 * (null: any role, such as one's own account). Anonymous requests get 401; signed-in users
 * without a role, or whose role does not allow the permission, 403 with the reason in the
 * dashboard's language; writes from another origin 403. While two-factor is required and the
 * member has not enrolled, everything but enrolment itself (`{ enrolling: true }`) is refused
 * with 403 as well. The features check their permissions again where they do the work.
 */
export async function requireMember(
  request: Request,
  permission: Permission | null,
  options: { enrolling?: boolean; defaultLocale?: boolean } = {},
): Promise<SessionUser> {
  assertSameOrigin(request);
  const { user, isAdmin: member, mustEnrol } = await getAdminStatus(request);
  if (!user) throw Response.json({ message: "Sign in required" }, { status: 401 });
  if (!member) {
    logger.warn({ userId: user.id, path: new URL(request.url).pathname }, "admin access refused");
    throw Response.json({ message: "Administrator access required" }, { status: 403 });
  }
  if (permission && !roleAllows(user.role, permission)) {
    logger.warn({ userId: user.id, role: user.role, permission, path: new URL(request.url).pathname }, "permission refused");
    throw Response.json({ message: refusalMessage(user.role, permission, user.language), permission }, { status: 403 });
  }
  // A section that edits only the default locale: a translator without it is told why it is not there.
  if (options.defaultLocale && !editsDefaultLocale(user.role, user.locales)) {
    logger.warn({ userId: user.id, role: user.role, path: new URL(request.url).pathname }, "locale refused");
    throw Response.json({ message: localeRefusalMessage(DEFAULT_LOCALE, user.language) }, { status: 403 });
  }
  if (mustEnrol && !options.enrolling) {
    logger.warn({ userId: user.id, path: new URL(request.url).pathname }, "admin access refused until two-factor enrolment");
    throw Response.json({ message: twoFactorMessages.enrolmentRequired, enrolmentRequired: true }, { status: 403 });
  }
  return user;
}

/** An administrator's loader or action (every permission): the team, backups, the release policies. */
export const requireAdmin = (request: Request, options: { enrolling?: boolean } = {}) => requireMember(request, "team.manage", options);

/**
 * A write's own permission (one intent of a section that needs more than its view), checked
 * before its form is read: the refusal (403, the reason in the dashboard's language) to answer,
 * or undefined when the role allows it (or the intent needs nothing more).
 */
export function refuseIntent(actor: SessionUser, intent: string, permission: Permission | undefined) {
  if (!permission || roleAllows(actor.role, permission)) return undefined;
  logger.warn({ userId: actor.id, role: actor.role, permission, intent }, "permission refused");
  return failed(intent, 403, refusalMessage(actor.role, permission, actor.language));
}
