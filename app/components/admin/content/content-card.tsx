import { ExternalLink, Loader2, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useDraft } from "~/components/admin/history/use-draft";
import { Link, useFetcher } from "react-router";
import { DraftConflictNotice, useConflict } from "~/components/admin/history/conflict-notice";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { useVersion } from "~/components/admin/history/versions";
import { ImageUploadField } from "~/components/admin/image-upload";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldError, Input, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { contentMessages, contentUpdateSchema, editorFor, type ContentEntry } from "~/features/content/schema";
import { CONTENT_ACTION, contentIntents } from "~/features/content/intents";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { StagedNote } from "~/components/admin/releases/staged-note";

/**
 * One section of a page with the editor its value needs: a line or, above 100
 * characters, a multi-line field with Save; an upload widget for images; a pointer to the
 * Legal pages tab for the legal texts. Every card can be deleted after a confirmation.
 */
export function ContentCard({ row, deleting, onDelete }: { row: ContentEntry; deleting: boolean; onDelete: () => void }) {
  const { m } = useMessages();
  const editor = editorFor(row);
  const titleId = useId();
  return (
    <Card data-testid={`content-card-${row.sectionName}`} aria-labelledby={titleId} role="group">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={titleId} className="break-all font-mono text-sm">
            {row.sectionName}
          </CardTitle>
          <p className="mt-1 text-xs text-slate-500">
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700">{row.contentType}</span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <HistoryDialog historyKey={`${row.pageName}/${row.sectionName}`} title={`${row.pageName}/${row.sectionName}`} />
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={m.content.deleteFor({ section: row.sectionName })}
                disabled={deleting}
                className="shrink-0 text-red-700 hover:bg-red-50"
              >
                {deleting ? <Loader2 className="animate-spin" /> : <Trash2 />}
              </Button>
            }
            title={m.content.deleteTitle}
            description={
              <>
                <span className="font-mono">
                  {row.pageName}/{row.sectionName}
                </span>{" "}
                {m.content.deleteDescription}
              </>
            }
            confirmLabel={m.content.deleteConfirm}
            cancelLabel={m.content.cancel}
            onConfirm={onDelete}
          />
        </div>
      </CardHeader>
      <CardContent>
        {editor === "image" ? (
          <ImageUploadField target={{ page: row.pageName, section: row.sectionName }} value={row.contentValue} />
        ) : editor === "legal" ? (
          <LegalPreview row={row} />
        ) : (
          <ValueEditor row={row} multiline={editor !== "line"} labelledBy={titleId} />
        )}
        <StagedNote itemKey={`${row.pageName}/${row.sectionName}`} />
      </CardContent>
    </Card>
  );
}

function ValueEditor({ row, multiline, labelledBy }: { row: ContentEntry; multiline: boolean; labelledBy: string }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>();
  const { draft, edit, replace, submitted } = useDraft(row.contentValue, `${row.pageName}/${row.sectionName}`);
  const [browserError, setBrowserError] = useState<string>();
  const errorId = useId();
  const saving = fetcher.state !== "idle";
  const version = useVersion(`${row.pageName}/${row.sectionName}`);
  const { conflict, dismiss } = useConflict(fetcher);
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.content.success, inLanguage(language, contentMessages.updated)),
    onFailure: (failure) => toastError(m.content.error, inLanguage(language, failure.message || contentMessages.updateFailed)),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = contentUpdateSchema.safeParse({ id: row.id, contentValue: draft });
    setBrowserError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success)
      return toastError(m.content.error, inLanguage(language, parsed.error.issues[0]?.message ?? contentMessages.updateFailed));
    submit(version);
  }

  // The version this editor was opened with, or the one a conflict showed when overwriting.
  const submit = (openedVersion: number) => {
    submitted();
    void fetcher.submit(
      { intent: contentIntents.update, id: row.id, contentValue: draft, version: openedVersion },
      { method: "post", action: CONTENT_ACTION },
    );
  };

  const error = browserError ?? (saving ? undefined : fieldError(fetcher.data, "contentValue"));
  const fieldProps = {
    value: draft,
    "aria-labelledby": labelledBy,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    disabled: saving,
    onChange: (event: { target: { value: string } }) => edit(event.target.value),
  } as const;
  return (
    <form onSubmit={save} className="flex flex-col gap-2">
      {multiline ? <Textarea rows={row.contentType === "rich_text" ? 8 : 4} {...fieldProps} /> : <Input {...fieldProps} />}
      <FieldError id={errorId}>{inLanguage(language, error)}</FieldError>
      <DraftConflictNotice conflict={conflict} dismiss={dismiss} setDraft={replace} submit={submit} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={saving || draft === row.contentValue}>
          {saving ? m.content.saving : m.content.save}
        </Button>
      </div>
    </form>
  );
}

function LegalPreview({ row }: { row: ContentEntry }) {
  const { m } = useMessages();
  return (
    <div className="space-y-3">
      <p className="line-clamp-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">{row.contentValue || "—"}</p>
      <p className="text-xs text-slate-500">{m.content.legalNote}</p>
      <Link to="/admin/legal" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ExternalLink /> {m.content.editInLegal}
      </Link>
    </div>
  );
}
