import { useFetcher } from "react-router";
import { useFetcherResult, type AdminActionResult } from "~/components/admin/shell/action-result";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { teamIntents } from "~/components/admin/team/intents";
import { TEAM_ACTION } from "~/components/admin/team/team-format";

const modes = [
  { required: false, label: "По желанию", hint: "Каждый администратор сам решает, включать ли двухфакторную аутентификацию." },
  {
    required: true,
    label: "Обязательна для всех администраторов",
    hint: "Администратор без двухфакторной аутентификации после входа сначала включает её и только потом попадает в панель.",
  },
] as const;

/** Whether every administrator must use two-factor sign-in; only one who has it may require it. */
export function TwoFactorRequiredCard({ required, ownEnabled }: { required: boolean; ownEnabled: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useFetcherResult(fetcher, {
    onSuccess: () => toastSuccess("Настройка обновлена"),
    onFailure: (failure) => toastError("Не удалось обновить настройку", failure.message),
  });
  const pending = fetcher.formData ? fetcher.formData.get("required") === "true" : required;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="two-factor-required-title">Двухфакторная аутентификация для администраторов</CardTitle>
        <CardDescription>
          {ownEnabled ? "Требование действует со следующего запроса каждого администратора." : "Чтобы сделать её обязательной, сначала включите её для своей учётной записи."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby="two-factor-required-title" className="space-y-2" disabled={fetcher.state !== "idle"}>
          {modes.map((mode) => (
            <label key={String(mode.required)} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50/50 has-[:disabled]:cursor-not-allowed">
              <input
                type="radio"
                name="two-factor-required"
                className="mt-1 accent-indigo-600"
                checked={pending === mode.required}
                disabled={mode.required && !ownEnabled && !required}
                onChange={() => void fetcher.submit({ intent: teamIntents.twoFactorRequired, required: String(mode.required) }, { method: "post", action: TEAM_ACTION })}
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
