import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/components/admin/settings/action-result";
import { humanizeKey } from "~/components/admin/settings/labels";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { feeUpdateSchema } from "~/schemas/fees";
import { isLongFeeField } from "./fee-groups";

export const UPDATE_FEE = "update-fee";

/** One fees field with its own Save, enabled only when the text differs from the stored one. */
export function FeeField({ section, value }: { section: string; value: string }) {
  const [draft, setDraft] = useState(value);
  const [browserError, setBrowserError] = useState<string>();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  useEffect(() => setDraft(value), [value]);
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess("Content updated successfully"),
    onFailure: (failure) => toastError("Failed to update content", failure.message),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = feeUpdateSchema.safeParse({ section, value: draft });
    setBrowserError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    void fetcher.submit({ intent: UPDATE_FEE, section, value: draft }, { method: "post", action: "/admin/fees" });
  }

  const id = `fee-${section}`;
  const error = browserError ?? (saving ? undefined : fieldError(fetcher.data, "value"));
  const fieldProps = {
    id,
    value: draft,
    disabled: saving,
    "aria-invalid": error ? true : undefined,
  } as const;
  return (
    <form onSubmit={save} className="space-y-1.5 rounded-lg border border-slate-200 bg-white p-4">
      <Label htmlFor={id}>{humanizeKey(section)}</Label>
      <p className="text-xs text-slate-500">
        <code>{section}</code>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {isLongFeeField(section) ? (
          <Textarea {...fieldProps} className="min-h-[80px]" onChange={(event) => setDraft(event.target.value)} />
        ) : (
          <Input {...fieldProps} onChange={(event) => setDraft(event.target.value)} />
        )}
        <Button type="submit" disabled={saving || draft === value} className="shrink-0">
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
      <FieldError>{error}</FieldError>
    </form>
  );
}
