import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { EffectiveDocument, EffectiveEditorState, EffectiveSaved } from "~/features/effective-dates/contract";
import { SET_EFFECTIVE_DATE } from "~/features/effective-dates/schema";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";

/**
 * 'Вступает в силу с' on the legal pages' and the fees' tabs: shown while a release is drafted,
 * staged into it like the page's text. A short notice is a warning, not a refusal.
 */
export function EffectiveDateField({
  document,
  state,
  action,
}: {
  document: EffectiveDocument;
  state: EffectiveEditorState;
  action: string;
}) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult | EffectiveSaved>();
  const saving = fetcher.state !== "idle";
  useActionResult<EffectiveSaved>(fetcher, {
    onSuccess: () => toastSuccess(m.effective.saved),
    onFailure: (failure) => toastError(m.effective.answers.failed, inLanguage(language, failure.message)),
  });
  const live = state.live[document];
  const current = live ? <p className="text-sm text-slate-600">{m.effective.current({ date: live })}</p> : null;
  if (!state.drafting)
    return (
      <div className="space-y-1" data-effective-date={document}>
        {current}
        <p className="text-sm text-slate-600">{m.effective.onlyInRelease}</p>
      </div>
    );
  const answer = fetcher.data;
  const shortNotice = answer && answer.ok && "shortNotice" in answer ? answer.shortNotice : state.shortNotice[document];
  const id = `effective-${document}`;
  const error = saving
    ? undefined
    : inLanguage(language, fieldError(answer, "effective_from") ?? (answer && !answer.ok ? answer.message : undefined));
  return (
    <fetcher.Form method="post" action={action} className="space-y-2 rounded-lg border border-slate-200 p-4" data-effective-date={document}>
      <input type="hidden" name="intent" value={SET_EFFECTIVE_DATE} />
      <input type="hidden" name="document" value={document} />
      {current}
      <Label htmlFor={id}>{m.effective.label}</Label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {m.effective.hint}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          name="effective_from"
          type="date"
          min={state.min}
          defaultValue={state.staged[document] ?? ""}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="w-auto"
        />
        <Button type="submit" disabled={saving}>
          {saving ? m.effective.saving : m.effective.save}
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {shortNotice && (
        <p role="status" className="text-sm font-medium text-amber-800" data-short-notice>
          {m.effective.shortNotice({ months: state.noticeMonths })}
        </p>
      )}
    </fetcher.Form>
  );
}
