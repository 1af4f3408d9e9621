import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import type { ConflictInfo } from "~/features/history/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatWhen } from "./labels";

interface Answer {
  ok: boolean;
  conflict?: ConflictInfo;
}

/** The conflict a save was refused with (409), until the administrator chooses what to do. */
export function useConflict(fetcher: { state: string; data?: unknown }) {
  const [handled, setHandled] = useState<unknown>(null);
  const answer = fetcher.data as Answer | undefined;
  const conflict = fetcher.state === "idle" && answer && !answer.ok && answer.conflict && handled !== answer ? answer.conflict : null;
  return { conflict, dismiss: () => setHandled(answer) };
}

const shown = (value: unknown, empty: string) =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "displayName" in value
      ? String(value.displayName)
      : value
        ? JSON.stringify(value)
        : empty;

/**
 * Says another administrator changed the value since this editor opened, shows what is stored
 * now and by whom, and lets the administrator keep theirs or overwrite it deliberately.
 */
export function ConflictNotice({
  conflict,
  onKeepTheirs,
  onOverwrite,
}: {
  conflict: ConflictInfo;
  onKeepTheirs: () => void;
  onOverwrite: (version: number) => void;
}) {
  const revalidator = useRevalidator();
  const { m, language } = useMessages();
  return (
    <div
      role="alert"
      className="mt-2 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="conflict-notice"
    >
      <p className="font-medium">{m.history.conflict}</p>
      <p>
        {m.history.storedNow}
        {conflict.by ? ` (${conflict.by}, ${formatWhen(language, conflict.at)})` : ""}:{" "}
        <span className="whitespace-pre-wrap break-words font-mono text-xs">
          {shown(conflict.value, m.history.emptyValue).slice(0, 500)}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            onKeepTheirs();
            void revalidator.revalidate();
          }}
        >
          {m.history.keepTheirs}
        </Button>
        <Button type="button" size="sm" variant="destructive" onClick={() => onOverwrite(conflict.version)}>
          {m.history.overwrite}
        </Button>
      </div>
    </div>
  );
}

/** The notice of a card that edits one text draft: keeping theirs puts their text in the draft. */
export function DraftConflictNotice({
  conflict,
  dismiss,
  setDraft,
  submit,
}: {
  conflict: ConflictInfo | null;
  dismiss: () => void;
  setDraft: (value: string) => void;
  submit: (version: number) => void;
}) {
  if (!conflict) return null;
  return (
    <ConflictNotice
      conflict={conflict}
      onKeepTheirs={() => {
        dismiss();
        if (typeof conflict.value === "string") setDraft(conflict.value);
      }}
      onOverwrite={(current) => {
        dismiss();
        submit(current);
      }}
    />
  );
}
