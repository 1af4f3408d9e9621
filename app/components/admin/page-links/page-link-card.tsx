import { ExternalLink } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useDraft } from "~/components/admin/history/use-draft";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { updatePageUrlSchema, type PageLink } from "~/features/content/page-links/schema";
import { StagedNote } from "~/components/admin/releases/staged-note";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

export const UPDATE_PAGE_URL = "update-page-url";

const capitalised = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** One page link: its current URL (or 'Not set'), an editor and, when set, a new-tab link. */
export function PageLinkCard({ link }: { link: PageLink }) {
  const { m, language } = useMessages();
  const { draft, edit, submitted } = useDraft(link.pageUrl);
  const [browserError, setBrowserError] = useState<string>();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const inputId = useId();
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.pageLinks.updated),
    onFailure: (failure) => toastError(m.pageLinks.error, inLanguage(language, failure.message) ?? m.pageLinks.updateFailed),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = updatePageUrlSchema.safeParse({ id: link.id, pageUrl: draft });
    setBrowserError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    submitted();
    void fetcher.submit({ intent: UPDATE_PAGE_URL, id: link.id, pageUrl: draft }, { method: "post", action: "/admin/settings" });
  }

  const error = inLanguage(language, browserError ?? (saving ? undefined : fieldError(fetcher.data, "pageUrl")));
  const title = m.pageLinks.cardTitle({ name: capitalised(link.pageName) });
  return (
    <Card data-testid={`page-link-${link.pageName}`}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle>{title}</CardTitle>
          <CardDescription className="break-all">{link.pageUrl || m.pageLinks.notSet}</CardDescription>
        </div>
        {link.pageUrl ? (
          <Button asChild variant="outline" size="icon">
            <a href={link.pageUrl} target="_blank" rel="noopener noreferrer" aria-label={m.pageLinks.openInNewTab({ title })}>
              <ExternalLink />
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {m.pageLinks.urlLabel({ title })}
          </label>
          <Input
            id={inputId}
            value={draft}
            // i18n-ignore: an address's form, the same in every language
            placeholder="/page-url"
            aria-invalid={error ? true : undefined}
            disabled={saving}
            onChange={(event) => edit(event.target.value)}
          />
          <Button type="submit" disabled={saving || draft === link.pageUrl}>
            {saving ? m.pageLinks.saving : m.pageLinks.save}
          </Button>
        </form>
        <div className="mt-1">
          <FieldError>{error}</FieldError>
        </div>
        <StagedNote itemKey={`${link.pageName}/page_url`} />
      </CardContent>
    </Card>
  );
}
