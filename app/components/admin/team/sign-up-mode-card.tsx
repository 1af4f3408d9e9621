import { useFetcher } from "react-router";
import { useFetcherResult, type AdminActionResult } from "~/components/admin/shell/action-result";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { teamIntents } from "./intents";
import { TEAM_ACTION } from "./team-format";

const modes = [
  { open: true, label: "Открытая регистрация", hint: "Любой может зарегистрироваться; права администратора выдаются здесь." },
  { open: false, label: "Регистрация только по приглашению", hint: "Новые учётные записи создаются только по ссылке-приглашению." },
] as const;

/** Who may create an account: anyone (the specification's default) or only invited people. */
export function SignUpModeCard({ open }: { open: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useFetcherResult(fetcher, {
    onSuccess: () => toastSuccess("Настройка обновлена"),
    onFailure: (failure) => toastError("Не удалось обновить настройку", failure.message),
  });
  const pending = fetcher.formData ? fetcher.formData.get("open") === "true" : open;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="sign-up-mode-title">Регистрация</CardTitle>
        <CardDescription>Первая учётная запись сайта может зарегистрироваться всегда.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby="sign-up-mode-title" className="space-y-2" disabled={fetcher.state !== "idle"}>
          {modes.map((mode) => (
            <label key={String(mode.open)} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50/50">
              <input
                type="radio"
                name="sign-up-mode"
                className="mt-1 accent-indigo-600"
                checked={pending === mode.open}
                onChange={() => void fetcher.submit({ intent: teamIntents.signUpMode, open: String(mode.open) }, { method: "post", action: TEAM_ACTION })}
              />
              <span>
                <span className="block text-sm font-medium">{mode.label}</span>
                <span className="block text-sm text-slate-600">{mode.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
