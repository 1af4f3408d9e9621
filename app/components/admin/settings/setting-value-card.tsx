import { useId, useState, type FormEvent } from "react";
import { useDraft } from "~/components/admin/history/use-draft";
import { useFetcher, useFetchers } from "react-router";
import { DraftConflictNotice, useConflict } from "~/components/admin/history/conflict-notice";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { useVersion } from "~/components/admin/history/versions";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { DEFAULT_COLOUR, HEX_COLOUR, settingUpdateSchema } from "~/features/content/settings/schema";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import type { SettingCard } from "./settings-tabs";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { StagedNote } from "~/components/admin/releases/staged-note";

export const UPDATE_SETTING = "update-setting";

const isLongText = (section: string, value: string) => /description|address/.test(section) || value.length > 100;

/**
 * A text or colour setting with its own Save. Only one setting saves at a time: while any
 * card's save is under way every Save button waits.
 */
export function SettingValueCard({ card, value }: { card: SettingCard; value: string }) {
  const { m, language } = useMessages();
  const stored = card.kind === "color" ? value || DEFAULT_COLOUR : value;
  const { draft, edit, replace, submitted } = useDraft(stored, `global/${card.section}`);
  const [browserError, setBrowserError] = useState<string>();
  const fetcher = useFetcher<ActionResult>();
  const otherSaving = useFetchers().some((other) => other.state !== "idle" && other.formData?.get("intent") === UPDATE_SETTING);
  const saving = fetcher.state !== "idle";
  const version = useVersion(`global/${card.section}`);
  const { conflict, dismiss } = useConflict(fetcher);
  const titleId = useId();
  const errorId = useId();
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.settings.success, m.settings.updated),
    onFailure: (failure) => toastError(m.settings.error, inLanguage(language, failure.message) ?? m.settings.updateFailed),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = settingUpdateSchema.safeParse({ section: card.section, value: draft });
    setBrowserError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    submit(version);
  }

  // The version this editor was opened with, or the one a conflict showed when overwriting.
  const submit = (openedVersion: number) => {
    submitted();
    void fetcher.submit(
      { intent: UPDATE_SETTING, section: card.section, value: draft, version: openedVersion },
      { method: "post", action: "/admin/settings" },
    );
  };

  const error = browserError ?? (saving ? undefined : fieldError(fetcher.data, "value"));
  const fieldProps = {
    value: draft,
    "aria-labelledby": titleId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    disabled: saving,
  } as const;
  return (
    <Card data-testid={`setting-${card.section}`}>
      <SettingCardHeader card={card} titleId={titleId} />
      <CardContent>
        <form onSubmit={save} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          {card.kind === "color" ? (
            <input
              type="color"
              aria-label={m.settings.pickColour({ title: card.title })}
              value={HEX_COLOUR.test(draft) ? draft.toLowerCase() : DEFAULT_COLOUR}
              onChange={(event) => edit(event.target.value)}
              disabled={saving}
              className="h-9 w-14 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
          ) : null}
          {card.kind === "text" && isLongText(card.section, stored) ? (
            <Textarea {...fieldProps} onChange={(event) => edit(event.target.value)} />
          ) : (
            <Input {...fieldProps} onChange={(event) => edit(event.target.value)} />
          )}
          <Button type="submit" disabled={saving || otherSaving || draft === stored} className="shrink-0">
            {saving ? m.settings.saving : m.settings.save}
          </Button>
        </form>
        <div className="mt-1">
          <FieldError id={errorId}>{inLanguage(language, error)}</FieldError>
        </div>
        <StagedNote itemKey={`global/${card.section}`} />
        <DraftConflictNotice conflict={conflict} dismiss={dismiss} setDraft={replace} submit={submit} />
      </CardContent>
    </Card>
  );
}

/** The card's title with its history, and the key it stores. */
function SettingCardHeader({ card, titleId }: { card: SettingCard; titleId: string }) {
  const { m } = useMessages();
  return (
    <CardHeader>
      <div className="flex items-start justify-between gap-2">
        <CardTitle id={titleId}>{card.title}</CardTitle>
        <HistoryDialog historyKey={`global/${card.section}`} title={card.title} />
      </div>
      <CardDescription>
        {m.settings.valueShown} <code className="text-xs text-slate-500">{card.section}</code>
      </CardDescription>
    </CardHeader>
  );
}
