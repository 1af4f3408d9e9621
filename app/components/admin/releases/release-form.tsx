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
  children,
}: {
  action?: string;
  intent: string;
  label: string;
  done: string;
  fields?: Record<string, string | number>;
  variant?: "default" | "outline" | "destructive" | "secondary" | "ghost";
  children?: ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess("Готово", done),
    onFailure: (failure) => toastError("Ошибка", failure.message || "Не удалось выполнить действие"),
  });
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
