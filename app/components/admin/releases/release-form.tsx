import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toast";
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
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  useActionResult(fetcher, fetcherKey ? {} : answerHandlers(done));
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

const answerHandlers = (done: string) => ({
  onSuccess: () => toastSuccess("Готово", done),
  onFailure: (failure: { message?: string }) => toastError("Ошибка", failure.message || "Не удалось выполнить действие"),
});

/** Toasts the answer of a keyed release form from a component that stays mounted when the form goes. */
export function useReleaseAnswer(fetcherKey: string, done: string) {
  useActionResult(useFetcher<ActionResult>({ key: fetcherKey }), answerHandlers(done));
}
