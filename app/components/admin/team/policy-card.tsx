import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { TEAM_ACTION } from "~/features/team/format";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

export interface PolicyOption {
  value: boolean;
  label: string;
  hint: string;
  disabled?: boolean;
}

/**
 * A yes-or-no site policy of the team section, chosen from two described options and saved at
 * once: the sign-up mode and the two-factor requirement. The choice is held here from the click
 * on, so the radio never springs back while the save is on its way; a refused save puts the
 * stored one back and says why.
 */
export function PolicyCard(props: {
  id: string;
  title: string;
  description: string;
  intent: string;
  /** The form field that carries the choice, "true" or "false". */
  field: string;
  value: boolean;
  options: readonly PolicyOption[];
}) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>();
  const [choice, setChoice] = useState(props.value);
  useEffect(() => setChoice(props.value), [props.value]);
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.team.policySaved),
    onFailure: (failure) => {
      setChoice(props.value);
      toastError(m.team.policyFailed, inLanguage(language, failure.message));
    },
  });
  const titleId = `${props.id}-title`;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby={titleId} className="space-y-2" disabled={fetcher.state !== "idle"}>
          {props.options.map((option) => (
            <label
              key={String(option.value)}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50/50 has-[:disabled]:cursor-not-allowed"
            >
              <input
                type="radio"
                name={props.id}
                className="mt-1 accent-indigo-600"
                checked={choice === option.value}
                disabled={option.disabled}
                onChange={() => {
                  setChoice(option.value);
                  void fetcher.submit(
                    { intent: props.intent, [props.field]: String(option.value) },
                    { method: "post", action: TEAM_ACTION },
                  );
                }}
              />
              <span>
                <span className="block text-sm font-medium">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
