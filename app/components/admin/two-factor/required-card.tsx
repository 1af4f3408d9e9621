import { teamIntents } from "~/features/team/intents";
import { PolicyCard } from "~/components/admin/team/policy-card";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** Whether every administrator must use two-factor sign-in; only one who has it may require it. */
export function TwoFactorRequiredCard({ required, ownEnabled }: { required: boolean; ownEnabled: boolean }) {
  const { m } = useMessages();
  const modes = [
    { value: false, label: m.twoFactor.optional, hint: m.twoFactor.optionalHint },
    {
      value: true,
      label: m.twoFactor.mandatory,
      hint: m.twoFactor.mandatoryHint,
      // Requiring it without having it would lock its own author out.
      disabled: !ownEnabled && !required,
    },
  ];
  return (
    <PolicyCard
      id="two-factor-required"
      title={m.twoFactor.requiredTitle}
      description={ownEnabled ? m.twoFactor.requiredOn : m.twoFactor.requiredNeedsOwn}
      intent={teamIntents.twoFactorRequired}
      field="required"
      value={required}
      options={modes}
    />
  );
}
