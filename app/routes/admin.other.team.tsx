import { data } from "react-router";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { answerFailuresInPlace } from "~/platform/action-result";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { TeamPanel } from "~/components/admin/team/team-panel";
import { readForm } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { listInvitations } from "~/features/auth/invitations.server";
import { listOwnSessions } from "~/features/team/own-account.server";
import { requireMember } from "~/features/auth/permissions.server";
import { roleAllows } from "~/features/access/matrix";
import { isSignUpOpen } from "~/features/auth/sign-up-policy.server";
import { runTeamAction } from "~/features/team/team-actions.server";
import { hasTwoFactor, isTwoFactorRequired } from "~/features/auth/two-factor.server";
import { listTeam } from "~/features/team/team.server";
import { teamMessages } from "~/features/team/schema";
import { samePersonAccounts } from "~/features/sso/same-person.server";
import type { Route } from "./+types/admin.other.team";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.team.title);

/** Everyone with a role sees their own account here; the team itself only with `team.manage`. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireMember(request, null);
  const db = getDb();
  const manages = roleAllows(me.role, "team.manage");
  const [members, invitations, signUpOpen, sessions, twoFactorRequired, twoFactorEnabled, samePerson] = await Promise.all([
    manages ? listTeam(db, me) : [],
    manages ? listInvitations(db) : [],
    manages && isSignUpOpen(db),
    listOwnSessions(db, me.id, me.sessionId),
    isTwoFactorRequired(db),
    hasTwoFactor(db, me.id),
    manages ? samePersonAccounts(db) : [],
  ]);
  return data(
    {
      me: me.id,
      role: me.role,
      manages,
      members,
      invitations,
      signUpOpen,
      sessions,
      twoFactorRequired,
      twoFactorEnabled,
      mailConfigured: Boolean(getEnv().SMTP_URL),
      samePerson,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Roles, accounts, sessions, invitations and the sign-up mode: see app/features/team/team-actions.server.ts. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireMember(request, null);
  const form = await readForm(request);
  return runAction(form.intent ?? "", () => runTeamAction(getDb(), request, me, form), {
    log: "team write failed",
    message: teamMessages.failed,
  });
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  return <TeamPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m, language } = useMessages();
  return <AdminTabError title={m.team.title} fallback={inLanguage(language, teamMessages.loadFailed)} />;
}
