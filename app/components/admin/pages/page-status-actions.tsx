import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { pageIntents } from "~/features/pages/intents";
import type { PageSummary } from "~/features/pages/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";

/** Publish, unpublish (404 or a chosen redirect) and delete (restorable from history). */
export function PageStatusActions({ page, version, locale }: { page: PageSummary; version: number; locale?: string }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: `page-status-${page.id}${locale ? `@${locale}` : ""}` });
  const navigate = useNavigate();
  const [redirectTo, setRedirectTo] = useState(page.unpublishedRedirect ?? "");
  const [error, setError] = useState<string | undefined>();
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: (result) => {
      setError(undefined);
      toastSuccess(
        m.pages.done,
        locale && result.intent === pageIntents.delete ? m.pages.locales.versionDeleted : statusMessage(m, result.intent),
      );
      // A deleted version leads back to the page itself; a deleted page to the list.
      if (result.intent === pageIntents.delete) void navigate(locale ? `/admin/other/pages?page=${page.id}` : "/admin/other/pages");
    },
    onFailure: (failure) => {
      setError(inLanguage(language, failure.fieldErrors?.redirectTo?.[0] ?? failure.message));
      toastError(m.pages.error, inLanguage(language, failure.message));
    },
  });
  const send = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, id: page.id, version, ...(locale ? { locale } : {}), ...extra }, { method: "post" });
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p className="text-sm text-slate-700">
        {m.pages.state} <strong data-testid="page-status">{m.pages.statuses[page.status]}</strong>
        {page.unpublishedRedirect ? ` → ${page.unpublishedRedirect}` : ""}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {page.status !== "published" ? (
          <Button type="button" disabled={busy} onClick={() => send(pageIntents.publish)}>
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {m.pages.publish}
          </Button>
        ) : locale ? (
          // A version unpublishes to its locale's 404 (redirects are the page's own).
          <Button type="button" variant="outline" disabled={busy} onClick={() => send(pageIntents.unpublish)}>
            {m.pages.unpublish}
          </Button>
        ) : (
          <>
            <div className="grid gap-1">
              <Label htmlFor="unpublish-redirect">{m.pages.redirectAfter}</Label>
              <Input id="unpublish-redirect" value={redirectTo} placeholder="/" onChange={(event) => setRedirectTo(event.target.value)} />
            </div>
            <Button type="button" variant="outline" disabled={busy} onClick={() => send(pageIntents.unpublish, { redirectTo })}>
              {m.pages.unpublish}
            </Button>
          </>
        )}
        <ConfirmDialog
          trigger={
            <Button type="button" variant="destructive" disabled={busy}>
              {locale ? m.pages.locales.deleteVersion : m.pages.delete}
            </Button>
          }
          title={locale ? m.pages.locales.deleteVersionTitle : m.pages.deleteTitle}
          description={locale ? m.pages.locales.deleteVersionDescription : m.pages.deleteDescription}
          confirmLabel={locale ? m.pages.locales.deleteVersion : m.pages.delete}
          cancelLabel={m.pages.cancel}
          onConfirm={() => send(pageIntents.delete)}
        />
      </div>
      <FieldError>{error}</FieldError>
    </div>
  );
}

const statusMessage = (m: Catalogue, intent: string) =>
  intent === pageIntents.publish
    ? m.pages.published
    : intent === pageIntents.unpublish
      ? m.pages.unpublished
      : intent === pageIntents.delete
        ? m.pages.deleted
        : "";
