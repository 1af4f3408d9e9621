import { data } from "react-router";
import { adminMeta } from "~/components/admin/shell/admin-meta";
import { answerFailuresInPlace } from "~/components/admin/shell/action-result";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { TeamPanel } from "~/components/admin/team/team-panel";
import { failed, readForm } from "~/lib/admin-action.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { listInvitations } from "~/lib/invitations.server";
import { logger } from "~/lib/logger.server";
import { listOwnSessions } from "~/lib/own-account.server";
import { requireAdmin } from "~/lib/permissions.server";
import { isSignUpOpen } from "~/lib/sign-up-policy.server";
import { runTeamAction } from "~/lib/team-actions.server";
import { hasTwoFactor, isTwoFactorRequired } from "~/lib/two-factor.server";
import { listTeam } from "~/lib/team.server";
import { teamMessages } from "~/schemas/team";
import type { Route } from "./+types/admin.other.team";

export const meta: Route.MetaFunction = () => adminMeta("Администраторы");

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const db = getDb();
  const [members, invitations, signUpOpen, sessions, twoFactorRequired, twoFactorEnabled] = await Promise.all([
    listTeam(db),
    listInvitations(db),
    isSignUpOpen(db),
    listOwnSessions(db, me.id, me.sessionId),
    isTwoFactorRequired(db),
    hasTwoFactor(db, me.id),
  ]);
  return data(
    { me: me.id, members, invitations, signUpOpen, sessions, twoFactorRequired, twoFactorEnabled, mailConfigured: Boolean(getEnv().SMTP_URL) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Roles, accounts, sessions, invitations and the sign-up mode: see app/lib/team-actions.server.ts. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const form = await readForm(request);
  try {
    return await runTeamAction(getDb(), request, me, form);
  } catch (error) {
    logger.error({ err: error, intent: form.intent }, "team write failed");
    return failed(form.intent ?? "", 500, teamMessages.failed);
  }
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  return <TeamPanel {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminTabError title="Администраторы" fallback={teamMessages.loadFailed} />;
}
