import { InvitationsCard } from "./invitations-card";
import { MembersCard } from "./members-card";
import { OwnAccountCard } from "./own-account-card";
import { SignUpModeCard } from "./sign-up-mode-card";
import { TwoFactorCard } from "~/components/admin/two-factor/two-factor-card";
import { TwoFactorRequiredCard } from "~/components/admin/two-factor/required-card";
import type { InvitationView, OwnSessionView, TeamMemberView } from "~/features/team/format";

/** The 'Администраторы' section: accounts and their rights, invitations, and who may sign up. */
export function TeamPanel(props: {
  me: string;
  members: TeamMemberView[];
  invitations: InvitationView[];
  signUpOpen: boolean;
  sessions: OwnSessionView[];
  twoFactorRequired: boolean;
  twoFactorEnabled: boolean;
  mailConfigured: boolean;
}) {
  return (
    <section aria-labelledby="team-heading" className="space-y-6">
      <div>
        <h2 id="team-heading" className="text-xl font-semibold">
          Администраторы
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Учётные записи панели, их права и сеансы. Права проверяются при каждом запросе: изменения действуют сразу.
        </p>
      </div>
      <MembersCard me={props.me} members={props.members} />
      <InvitationsCard invitations={props.invitations} mailConfigured={props.mailConfigured} />
      <SignUpModeCard open={props.signUpOpen} />
      <TwoFactorRequiredCard required={props.twoFactorRequired} ownEnabled={props.twoFactorEnabled} />
      <OwnAccountCard sessions={props.sessions} />
      <TwoFactorCard enabled={props.twoFactorEnabled} required={props.twoFactorRequired} />
    </section>
  );
}
