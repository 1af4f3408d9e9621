import { data } from "react-router";
import { failed, refused, succeeded } from "~/platform/action-result.server";
import { recordEvent } from "~/features/activity/activity.server";
import type { Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { createInvitation, emailHasAccount, invitationLink, INVITATION_DAYS, withdrawInvitation } from "~/features/auth/invitations.server";
import { logger } from "~/platform/logger.server";
import { changeOwnPassword, endOwnSession } from "./own-account.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";
import { sendInvitationMail } from "~/platform/mail.server";
import type { SessionUser } from "~/features/auth/permissions.server";
import { setSignUpOpen } from "~/features/auth/sign-up-policy.server";
import { hasTwoFactor, setTwoFactorRequired } from "~/features/auth/two-factor.server";
import { deleteAccount, endSessions, grantAdmin, revokeAdmin, setRole, type TeamChange } from "./team.server";
import { requirePermission } from "~/features/access/require.server";
import { teamIntents } from "~/features/team/intents";
import {
  accountIdSchema,
  invitationCreateSchema,
  invitationIdSchema,
  passwordChangeSchema,
  roleChangeSchema,
  sessionIdSchema,
  signUpModeSchema,
  teamMessages,
} from "~/features/team/schema";
import { twoFactorMessages, twoFactorRequiredSchema } from "~/features/auth/two-factor-schema";

const roleChanges = {
  [teamIntents.grant]: { run: grantAdmin, kind: "team.grant" },
  [teamIntents.revoke]: { run: revokeAdmin, kind: "team.revoke" },
  [teamIntents.delete]: { run: deleteAccount, kind: "team.delete" },
} as const;

function answerChange(intent: string, change: TeamChange) {
  if (change.ok) return succeeded(intent);
  if (change.reason === "last-admin") return failed(intent, 409, teamMessages.lastAdmin);
  if (change.reason === "actor-not-admin") return failed(intent, 403, teamMessages.notAdminAnymore);
  return failed(intent, 404, teamMessages.notFound);
}

/** Who asks, and how a write of theirs is recorded in the activity log. */
interface TeamActionContext {
  db: Database;
  request: Request;
  actor: SessionUser;
  event: (kind: string, target: string, details?: Record<string, unknown>) => Promise<unknown>;
}

/** The writes anyone with a role makes on their own account; every other write of the section is the team's (`team.manage`). */
export const ownAccountIntents: ReadonlySet<string> = new Set([teamIntents.changePassword, teamIntents.endOwnSession]);

/** One write of the 'Команда' section: one's own account, or (with `team.manage`) the team's. */
export async function runTeamAction(db: Database, request: Request, actor: SessionUser, form: Record<string, string>) {
  const intent = form.intent ?? "";
  if (!ownAccountIntents.has(intent)) requirePermission(actor, "team.manage");
  const event = (kind: string, target: string, details?: Record<string, unknown>) =>
    recordEvent(db, { kind, area: "team", actor, target, details });
  const context: TeamActionContext = { db, request, actor, event };
  switch (intent) {
    case teamIntents.grant:
    case teamIntents.revoke:
    case teamIntents.delete: {
      const parsed = accountIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      const { run, kind } = roleChanges[intent];
      const change = await run(db, actor, parsed.data.userId);
      if (change.ok) await event(kind, change.email);
      return answerChange(intent, change);
    }
    case teamIntents.setRole: {
      const parsed = roleChangeSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      const role = parsed.data.role === "none" ? null : parsed.data.role;
      const change = await setRole(db, actor, parsed.data.userId, { role, locales: parsed.data.locales });
      if (change.ok) await event("team.role", change.email, { role, ...(role === "translator" ? { locales: parsed.data.locales } : {}) });
      return answerChange(intent, change);
    }
    case teamIntents.endSessions: {
      const parsed = accountIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      const change = await endSessions(db, actor, parsed.data.userId);
      if (change.ok) await event("team.end_sessions", change.email, { ended: change.ended });
      return answerChange(intent, change);
    }
    case teamIntents.invite:
      return invite(context, intent, form);
    case teamIntents.withdraw: {
      const parsed = invitationIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      const withdrawn = await withdrawInvitation(db, actor, parsed.data.invitationId);
      if (!withdrawn) return failed(intent, 404, teamMessages.invitationNotFound);
      await event("team.invitation_withdraw", withdrawn.email);
      return succeeded(intent);
    }
    case teamIntents.signUpMode: {
      const parsed = signUpModeSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      await setSignUpOpen(db, parsed.data.open);
      await event(parsed.data.open ? "team.sign_up_open" : "team.sign_up_close", "sign-up");
      return succeeded(intent);
    }
    case teamIntents.twoFactorRequired:
      return requireTwoFactor(context, intent, form);
    case teamIntents.changePassword:
      return changePassword(context, intent, form);
    case teamIntents.endOwnSession: {
      const parsed = sessionIdSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
      if (!(await endOwnSession(db, actor.id, parsed.data.sessionId))) return failed(intent, 404, teamMessages.sessionNotFound);
      await event("auth.session_end", actor.email);
      return succeeded(intent);
    }
    default:
      return failed(intent, 400, teamMessages.invalid);
  }
}

/** Invites an address that has no account yet: the link is mailed when it can be, and shown either way. */
async function invite({ db, request, actor, event }: TeamActionContext, intent: string, form: Record<string, string>) {
  const parsed = invitationCreateSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error, teamMessages.emailInvalid);
  const { email, role } = parsed.data;
  if (await emailHasAccount(db, email)) return failed(intent, 409, teamMessages.emailTaken, { email: [teamMessages.emailTaken] });
  const token = await createInvitation(db, actor, { email, role });
  const link = invitationLink(getEnv().PUBLIC_URL ?? new URL(request.url).origin, token);
  const mailed = await mailInvitation(email, link);
  await event("team.invite", email, { mailed, role });
  return { ...succeeded(intent), link, mailed };
}

/** Requires two-factor of every administrator, or makes it optional again. */
async function requireTwoFactor({ db, actor, event }: TeamActionContext, intent: string, form: Record<string, string>) {
  const parsed = twoFactorRequiredSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
  // Only an administrator who has two-factor may require it, so whoever turns it on can
  // still reach the dashboard; those without it are sent to enrolment, which needs only
  // their password.
  if (parsed.data.required && !(await hasTwoFactor(db, actor.id))) return failed(intent, 409, twoFactorMessages.requiredNeedsOwn);
  await setTwoFactorRequired(db, parsed.data.required);
  await event(parsed.data.required ? "team.two_factor_require" : "team.two_factor_optional", "two-factor");
  return succeeded(intent);
}

/** Changes the signed-in administrator's own password, given the current one. */
async function changePassword({ request, actor, event }: TeamActionContext, intent: string, form: Record<string, string>) {
  const parsed = passwordChangeSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error, teamMessages.invalid);
  // Guessing the current password is limited like signing in.
  const limited = await limitAuthAttempt(request, "sign-in");
  if (limited) return failed(intent, 429, (await limited.json()).message);
  const change = await changeOwnPassword(request, parsed.data);
  if (!change.ok) return failed(intent, change.status, change.message, { currentPassword: [change.message] });
  await event("auth.password_change", actor.email);
  return data(succeeded(intent), { headers: change.headers });
}

/** Mails the link when SMTP is configured; the link is shown in the dashboard either way. */
async function mailInvitation(to: string, url: string) {
  const { SMTP_URL, SMTP_FROM } = getEnv();
  if (!SMTP_URL) return false;
  try {
    await sendInvitationMail({ smtpUrl: SMTP_URL, from: SMTP_FROM, to, url, days: INVITATION_DAYS });
    return true;
  } catch (error) {
    logger.error({ err: error }, "invitation mail failed");
    return false;
  }
}
