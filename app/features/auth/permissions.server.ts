import { sql } from "drizzle-orm";
import { adminSettings, adminUsers, user as users } from "~/db/schema";
import { ensureFirstAdmin } from "./admin-users.server";
import { getAuth } from "./auth.server";
import { getDb, type Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { Person } from "~/platform/person";
import { logger } from "~/platform/logger.server";
import { TWO_FACTOR_REQUIRED } from "./two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { adminLanguageOf, DEFAULT_ADMIN_LANGUAGE, type AdminLanguage } from "~/features/admin-i18n/language";

export interface SessionUser extends Person {
  name: string;
  /** The session this request came with, so the dashboard can tell it from the user's others. */
  sessionId: string;
  /** The language the dashboard speaks to this person (read with the role; Russian until then). */
  language: AdminLanguage;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    sessionId: session.session.id,
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
  isAdmin: boolean;
  /** Whether any administrator exists: until one does, the earliest user is made one. */
  anyAdmin: boolean;
  twoFactorRequired: boolean;
  enrolled: boolean;
  /** The account's dashboard language. */
  language: string | null;
}

/**
 * The user's role, whether there is any administrator, the two-factor requirement and the user's
 * enrolment, in one statement. They were four reads and a transaction of four statements for
 * ensure_first_admin on every admin request, a third of an administrator's save; on the embedded
 * database each statement costs about half a millisecond of the core the visitors share.
 */
export async function readAdminRole(db: Database, userId: string): Promise<AdminRole> {
  const result = await db.execute(sql`select
    exists(select 1 from ${adminUsers} where ${adminUsers.userId} = ${userId}) as "isAdmin",
    exists(select 1 from ${adminUsers}) as "anyAdmin",
    coalesce((select ${adminSettings.value} = 'true'::jsonb from ${adminSettings} where ${adminSettings.key} = ${TWO_FACTOR_REQUIRED}), false) as "twoFactorRequired",
    coalesce((select ${users.twoFactorEnabled} from ${users} where ${users.id} = ${userId}), false) as "enrolled",
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
  if (!user) return { user: null, isAdmin: false } as const;
  const db = getDb();
  const readRole = () => readAdminRole(db, user.id);
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
  if (!role?.isAdmin) return { user, isAdmin: false, mustEnrol: false } as const;
  const admin: SessionUser = { ...user, language: adminLanguageOf(role.language) };
  // 'Двухфакторная аутентификация обязательна': an administrator without it must enrol first.
  return { user: admin, isAdmin: true, mustEnrol: role.twoFactorRequired && !role.enrolled } as const;
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
 * Every admin loader and action calls this itself. Anonymous requests get 401, signed-in
 * users without the admin role 403, and writes from another origin 403. While two-factor is
 * required and the administrator has not enrolled, everything but enrolment itself
 * (`{ enrolling: true }`) is refused with 403 as well.
 */
export async function requireAdmin(request: Request, options: { enrolling?: boolean } = {}): Promise<SessionUser> {
  assertSameOrigin(request);
  const { user, isAdmin: admin, mustEnrol } = await getAdminStatus(request);
  if (!user) throw Response.json({ message: "Sign in required" }, { status: 401 });
  if (!admin) {
    logger.warn({ userId: user.id, path: new URL(request.url).pathname }, "admin access refused");
    throw Response.json({ message: "Administrator access required" }, { status: 403 });
  }
  if (mustEnrol && !options.enrolling) {
    logger.warn({ userId: user.id, path: new URL(request.url).pathname }, "admin access refused until two-factor enrolment");
    throw Response.json({ message: twoFactorMessages.enrolmentRequired, enrolmentRequired: true }, { status: 403 });
  }
  return user;
}
