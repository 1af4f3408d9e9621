import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { Catalogue } from "~/features/admin-i18n/messages";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import { useActionResult, type ActionResult } from "~/platform/action-result";

/**
 * One release action as a small form: its intent, hidden fields, a button, and a toast with
 * the answer (a refusal's message says why).
 */
export function ReleaseActionForm({
  action,
  intent,
  label,
  done,
  fields = {},
  variant = "outline",
  fetcherKey,
  children,
}: {
  action?: string;
  intent: string;
  label: string;
  done: string;
  fields?: Record<string, string | number>;
  variant?: "default" | "outline" | "destructive" | "secondary" | "ghost";
  /** A form whose answer unmounts it (publish) is answered by useReleaseAnswer(fetcherKey, …) higher up. */
  fetcherKey?: string;
  children?: ReactNode;
}) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  useActionResult(fetcher, fetcherKey ? {} : answerHandlers(m, language, done));
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button type="submit" variant={variant} size="sm" disabled={fetcher.state !== "idle"}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

const answerHandlers = (m: Catalogue, language: AdminLanguage, done: string) => ({
  onSuccess: () => toastSuccess(m.releases.done, done),
  onFailure: (failure: { message?: string }) =>
    toastError(m.releases.error, inLanguage(language, failure.message) || m.releases.actionFailed),
});

/** Toasts the answer of a keyed release form from a component that stays mounted when the form goes. */
export function useReleaseAnswer(fetcherKey: string, done: string) {
  const { m, language } = useMessages();
  useActionResult(useFetcher<ActionResult>({ key: fetcherKey }), answerHandlers(m, language, done));
}
