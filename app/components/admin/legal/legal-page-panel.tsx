import { useEffect, useRef, useState } from "react";
import { useLivePreview } from "~/components/admin/releases/preview-context";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { ConflictNotice, useConflict } from "~/components/admin/history/conflict-notice";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { useVersion } from "~/components/admin/history/versions";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { LegalPageName } from "~/features/content/catalogue/types";
import { legalSaveSchema, type Delta } from "~/features/content/legal/schema";
import { LegalEditor, type EditorContent } from "./legal-editor";
import { StagedNote } from "~/components/admin/releases/staged-note";

export const SAVE_LEGAL_PAGE = "save-legal-page";
export const INIT_LEGAL_PAGES = "init-legal-pages";

export interface LegalPageData {
  page: LegalPageName;
  exists: boolean;
  html: string;
  delta: Delta | null;
}

/**
 * 'Создать' writes every missing legal page (existing ones are kept). The fetcher is shared by
 * key with the tab, which announces the result: this button is gone once the pages exist.
 */
export function useCreatePagesFetcher() {
  return useFetcher<ActionResult>({ key: INIT_LEGAL_PAGES });
}

function CreatePagesButton() {
  const { m } = useMessages();
  const fetcher = useCreatePagesFetcher();
  return (
    <fetcher.Form method="post" action="/admin/legal">
      <input type="hidden" name="intent" value={INIT_LEGAL_PAGES} />
      <Button type="submit" variant="link" className="h-auto p-0" disabled={fetcher.state !== "idle"}>
        {m.legal.create}
      </Button>
    </fetcher.Form>
  );
}

/** One legal page: the editor and 'Сохранить контент', enabled only while there is a change. */
export function LegalPagePanel({ entry }: { entry: LegalPageData }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>();
  const [content, setContent] = useState<EditorContent | null>(null);
  const [savedHtml, setSavedHtml] = useState<string | null>(null);
  const submitted = useRef<string | null>(null);
  const saving = fetcher.state !== "idle";
  const title = m.legal.pages[entry.page];
  const historyKey = `${entry.page}/${LEGAL_SECTION}`;
  const version = useVersion(historyKey);
  const livePreview = useLivePreview();
  const { conflict, dismiss } = useConflict(fetcher);
  // A new version (a save, a restore, or their save kept) opens the editor afresh on it.
  useEffect(() => setSavedHtml(null), [version]);
  useActionResult(fetcher, {
    onSuccess: () => {
      setSavedHtml(submitted.current);
      toastSuccess(m.legal.success, m.legal.saved);
    },
    onFailure: (failure) => {
      if (failure.code === "validation") toastError(m.legal.validation, inLanguage(language, failure.message));
      else if (failure.code === "not_found") toastError(m.legal.error, m.legal.notFound);
      else toastError(m.legal.error, inLanguage(language, failure.message) ?? m.legal.saveFailed);
    },
  });

  if (!entry.exists) {
    return (
      <div className="flex flex-wrap items-center gap-1 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <span>{m.legal.notCreated({ title })}</span>
        <CreatePagesButton />
      </div>
    );
  }

  // The version this editor was opened with, or the one a conflict showed when overwriting.
  function save(openedVersion = version) {
    if (!content) return;
    const form = { page_name: entry.page, section_name: LEGAL_SECTION, content: content.html, rich_content: content.delta };
    const parsed = legalSaveSchema.safeParse(form);
    if (!parsed.success) return toastError(m.legal.validation, inLanguage(language, parsed.error.issues[0]?.message));
    submitted.current = content.html;
    void fetcher.submit({ intent: SAVE_LEGAL_PAGE, ...form, version: openedVersion }, { method: "post", action: "/admin/legal" });
  }

  const changed = content !== null && savedHtml !== null && content.html !== savedHtml;
  return (
    <div className="space-y-3">
      <LegalEditor
        key={version}
        label={title}
        initialHtml={entry.html}
        initialDelta={entry.delta}
        onChange={(next) => {
          setContent(next);
          livePreview?.report(historyKey, next.html);
          // The first report is the loaded page: what "unchanged" means until the next save.
          setSavedHtml((previous) => previous ?? next.html);
        }}
      />
      {conflict ? (
        <ConflictNotice
          conflict={conflict}
          onKeepTheirs={dismiss}
          onOverwrite={(current) => {
            dismiss();
            save(current);
          }}
        />
      ) : null}
      <StagedNote itemKey={historyKey} />
      <div className="flex justify-end gap-2">
        <HistoryDialog historyKey={historyKey} title={title} />
        <Button type="button" onClick={() => save()} disabled={saving || !changed}>
          {saving ? m.legal.saving : m.legal.save}
        </Button>
      </div>
    </div>
  );
}
