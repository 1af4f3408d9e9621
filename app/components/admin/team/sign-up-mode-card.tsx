import { teamIntents } from "~/features/team/intents";
import { PolicyCard } from "./policy-card";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** Who may create an account: anyone (the specification's default) or only invited people. */
export function SignUpModeCard({ open }: { open: boolean }) {
  const { m } = useMessages();
  const modes = [
    { value: true, label: m.team.signUpOpen, hint: m.team.signUpOpenHint },
    { value: false, label: m.team.signUpInvited, hint: m.team.signUpInvitedHint },
  ];
  return (
    <PolicyCard
      id="sign-up-mode"
      title={m.team.signUp}
      description={m.team.signUpDescription}
      intent={teamIntents.signUpMode}
      field="open"
      value={open}
      options={modes}
    />
  );
}
