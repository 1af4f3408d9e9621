import { teamIntents } from "~/features/team/intents";
import { PolicyCard } from "./policy-card";

const modes = [
  { value: true, label: "Открытая регистрация", hint: "Любой может зарегистрироваться; права администратора выдаются здесь." },
  { value: false, label: "Регистрация только по приглашению", hint: "Новые учётные записи создаются только по ссылке-приглашению." },
] as const;

/** Who may create an account: anyone (the specification's default) or only invited people. */
export function SignUpModeCard({ open }: { open: boolean }) {
  return (
    <PolicyCard
      id="sign-up-mode"
      title="Регистрация"
      description="Первая учётная запись сайта может зарегистрироваться всегда."
      intent={teamIntents.signUpMode}
      field="open"
      value={open}
      options={modes}
    />
  );
}
