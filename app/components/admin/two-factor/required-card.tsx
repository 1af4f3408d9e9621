import { teamIntents } from "~/features/team/intents";
import { PolicyCard } from "~/components/admin/team/policy-card";

/** Whether every administrator must use two-factor sign-in; only one who has it may require it. */
export function TwoFactorRequiredCard({ required, ownEnabled }: { required: boolean; ownEnabled: boolean }) {
  const modes = [
    { value: false, label: "По желанию", hint: "Каждый администратор сам решает, включать ли двухфакторную аутентификацию." },
    {
      value: true,
      label: "Обязательна для всех администраторов",
      hint: "Администратор без двухфакторной аутентификации после входа сначала включает её и только потом попадает в панель.",
      // Requiring it without having it would lock its own author out.
      disabled: !ownEnabled && !required,
    },
  ];
  return (
    <PolicyCard
      id="two-factor-required"
      title="Двухфакторная аутентификация для администраторов"
      description={
        ownEnabled
          ? "Требование действует со следующего запроса каждого администратора."
          : "Чтобы сделать её обязательной, сначала включите её для своей учётной записи."
      }
      intent={teamIntents.twoFactorRequired}
      field="required"
      value={required}
      options={modes}
    />
  );
}
