import { useState, type FormEvent } from "react";
import { useDraft } from "~/components/admin/history/use-draft";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { humanizeKey } from "~/components/admin/settings/labels";
import { DraftConflictNotice, useConflict } from "~/components/admin/history/conflict-notice";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { useVersion } from "~/components/admin/history/versions";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { feeUpdateSchema } from "~/features/content/fees/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { isLongFeeField } from "./fee-groups";
import { StagedNote } from "~/components/admin/releases/staged-note";

export const UPDATE_FEE = "update-fee";

/** One fees field with its own Save, enabled only when the text differs from the stored one. */
export function FeeField({ section, value }: { section: string; value: string }) {
  const { m, language } = useMessages();
  const { draft, edit, replace, submitted } = useDraft(value, `fees/${section}`);
  const [browserError, setBrowserError] = useState<string>();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const version = useVersion(`fees/${section}`);
  const { conflict, dismiss } = useConflict(fetcher);
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.fees.updated),
    onFailure: (failure) => toastError(m.fees.updateFailed, inLanguage(language, failure.message)),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = feeUpdateSchema.safeParse({ section, value: draft });
    setBrowserError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    submit(version);
  }

  // The version this editor was opened with, or the one a conflict showed when overwriting.
  const submit = (openedVersion: number) => {
    submitted();
    void fetcher.submit({ intent: UPDATE_FEE, section, value: draft, version: openedVersion }, { method: "post", action: "/admin/fees" });
  };

  const id = `fee-${section}`;
  const error = inLanguage(language, browserError ?? (saving ? undefined : fieldError(fetcher.data, "value")));
  const fieldProps = {
    id,
    value: draft,
    disabled: saving,
    "aria-invalid": error ? true : undefined,
  } as const;
  return (
    <form onSubmit={save} className="space-y-1.5 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{humanizeKey(section)}</Label>
        <HistoryDialog historyKey={`fees/${section}`} title={humanizeKey(section)} />
      </div>
      <p className="text-xs text-slate-500">
        <code>{section}</code>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {isLongFeeField(section) ? (
          <Textarea {...fieldProps} className="min-h-[80px]" onChange={(event) => edit(event.target.value)} />
        ) : (
          <Input {...fieldProps} onChange={(event) => edit(event.target.value)} />
        )}
        <Button type="submit" disabled={saving || draft === value} className="shrink-0">
          {saving ? m.fees.saving : m.fees.save}
        </Button>
      </div>
      <FieldError>{error}</FieldError>
      <StagedNote itemKey={`fees/${section}`} />
      <DraftConflictNotice conflict={conflict} dismiss={dismiss} setDraft={replace} submit={submit} />
    </form>
  );
}
