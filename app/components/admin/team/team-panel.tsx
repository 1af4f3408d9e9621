import { InvitationsCard } from "./invitations-card";
import { MembersCard } from "./members-card";
import { OwnAccountCard } from "./own-account-card";
import { SignUpModeCard } from "./sign-up-mode-card";
import { SamePersonCard } from "./same-person-card";
import { TwoFactorCard } from "~/components/admin/two-factor/two-factor-card";
import { TwoFactorRequiredCard } from "~/components/admin/two-factor/required-card";
import type { InvitationView, OwnSessionView, TeamMemberView } from "~/features/team/format";
import type { Role } from "~/features/access/matrix";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * The 'Команда' section: accounts and their roles, invitations, and who may sign up (for those
 * who manage the team); everyone's own password, sessions and two-factor sign-in.
 */
export function TeamPanel(props: {
  me: string;
  role: Role | null;
  manages: boolean;
  members: TeamMemberView[];
  invitations: InvitationView[];
  signUpOpen: boolean;
  sessions: OwnSessionView[];
  twoFactorRequired: boolean;
  twoFactorEnabled: boolean;
  mailConfigured: boolean;
  /** Team accounts that look like one person (app/features/sso/same-person.server.ts). */
  samePerson?: string[][];
}) {
  const { m } = useMessages();
  return (
    <section aria-labelledby="team-heading" className="space-y-6">
      <div>
        <h2 id="team-heading" className="text-xl font-semibold">
          {m.team.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {props.manages ? m.team.manages : m.team.ownRole({ role: props.role ? m.access.roles[props.role] : m.team.noRole })}
        </p>
      </div>
      {props.manages ? (
        <>
          <SamePersonCard groups={props.samePerson ?? []} />
          <MembersCard me={props.me} members={props.members} />
          <InvitationsCard invitations={props.invitations} mailConfigured={props.mailConfigured} />
          <SignUpModeCard open={props.signUpOpen} />
          <TwoFactorRequiredCard required={props.twoFactorRequired} ownEnabled={props.twoFactorEnabled} />
        </>
      ) : null}
      <OwnAccountCard sessions={props.sessions} />
      <TwoFactorCard enabled={props.twoFactorEnabled} required={props.twoFactorRequired} />
    </section>
  );
}
