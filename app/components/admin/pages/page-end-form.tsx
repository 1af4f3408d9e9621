import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { pageIntents } from "~/features/pages/intents";
import type { PageSummary } from "~/features/pages/schema";
import { formatInZone, instantToZoned } from "~/features/releases/time-zone";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";
import type { AdminLanguage } from "~/features/admin-i18n/language";

/** "Ends …" or "Ended …" for a page with an end time, in the site's time zone; empty without one. */
export function endLabel(m: Catalogue, language: AdminLanguage, page: Pick<PageSummary, "endsAt" | "status">, timeZone: string) {
  if (!page.endsAt) return "";
  const at = formatInZone(page.endsAt, timeZone, language);
  return page.status !== "published" && new Date(page.endsAt) <= new Date() ? m.pages.end.ended({ at }) : m.pages.end.ends({ at });
}

/** The ended page's redirect status: 301 (permanent) or 302 (temporary). */
function EndStatusSelect({ value }: { value: number }) {
  const { m } = useMessages();
  return (
    <div className="grid gap-1">
      <Label htmlFor="page-end-status">{m.pages.end.status}</Label>
      <select
        id="page-end-status"
        name="endRedirectStatus"
        defaultValue={String(value)}
        className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
      >
        <option value="301">{m.pages.end.permanent}</option>
        <option value="302">{m.pages.end.temporary}</option>
      </select>
    </div>
  );
}

/** A page's end time (a datetime-local field in the site's time zone) and where its address then leads. */
export function PageEndForm({ page, version, timeZone }: { page: PageSummary; version: number; timeZone: string }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: `page-end-${page.id}` });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => {
      setErrors({});
      toastSuccess(m.pages.end.saved);
    },
    onFailure: (failure) => {
      const fields = failure.fieldErrors ?? {};
      setErrors({
        endsAt: inLanguage(language, fields.endsAt?.[0]),
        endRedirect: inLanguage(language, fields.endRedirect?.[0]),
        form: fields.endsAt || fields.endRedirect ? undefined : inLanguage(language, failure.message),
      });
      toastError(m.pages.error, inLanguage(language, failure.message));
    },
  });
  const label = endLabel(m, language, page, timeZone);
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:col-span-2" aria-labelledby={`page-end-title-${page.id}`}>
      <input type="hidden" name="intent" value={pageIntents.end} />
      <input type="hidden" name="id" value={page.id} />
      <input type="hidden" name="version" value={version} />
      <h3 id={`page-end-title-${page.id}`} className="text-sm font-semibold text-slate-900">
        {m.pages.end.title}
      </h3>
      {label ? (
        <p className="text-sm text-slate-700" data-testid="page-end-state">
          {label}
        </p>
      ) : null}
      <p id={`page-end-note-${page.id}`} className="text-xs text-slate-600">
        {m.pages.end.note({ zone: timeZone })}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid gap-1">
          <Label htmlFor="page-end-at">{m.pages.end.at}</Label>
          <Input
            id="page-end-at"
            name="endsAt"
            type="datetime-local"
            step={1}
            defaultValue={page.endsAt ? instantToZoned(new Date(page.endsAt), timeZone) : ""}
            aria-describedby={`page-end-note-${page.id}`}
            aria-invalid={errors.endsAt ? true : undefined}
          />
          <FieldError>{errors.endsAt}</FieldError>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="page-end-redirect">{m.pages.end.redirect}</Label>
          <Input
            id="page-end-redirect"
            name="endRedirect"
            defaultValue={page.endRedirect ?? ""}
            placeholder="/"
            aria-invalid={errors.endRedirect ? true : undefined}
          />
          <FieldError>{errors.endRedirect}</FieldError>
        </div>
        <EndStatusSelect value={page.endRedirectStatus} />
        <Button type="submit" variant="outline" className="sm:mt-6" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {m.pages.end.save}
        </Button>
      </div>
      <FieldError>{errors.form}</FieldError>
    </fetcher.Form>
  );
}
