import { Copy, Eye, Link2, Loader2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { formatDateTime } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { previewHref, REVIEW_LINKS_ACTION, reviewLinkIntents, type ReviewLinkView } from "~/features/releases/preview/preview";
import { useAllows } from "~/components/admin/shell/use-allows";

const when = (language: AdminLanguage, iso: string | null) => (iso ? formatDateTime(language, iso) : "—");

/**
 * A release's preview: the whole site with the release applied, and reviewer links for someone
 * without an account (read-only, 7 days by default, revocable; each opening is logged).
 */
export function PreviewLinks({ releaseId }: { releaseId: number }) {
  const { m, language } = useMessages();
  const links = useFetcher<{ ok: boolean; links: ReviewLinkView[] }>();
  const writer = useFetcher<ActionResult & { url?: string }>();
  const [created, setCreated] = useState<string>();
  const daysId = useId();
  const { load } = links;
  useEffect(() => {
    if (writer.state === "idle") void load(`${REVIEW_LINKS_ACTION}?release=${releaseId}`);
  }, [load, releaseId, writer.state]);
  useActionResult(writer, {
    onSuccess: (result) => {
      if (result.intent === reviewLinkIntents.create) setCreated((result as { url?: string }).url);
      toastSuccess(result.intent === reviewLinkIntents.create ? m.releases.links.answers.created : m.releases.links.answers.revoked);
    },
    onFailure: (failure) =>
      toastError(m.releases.links.error, inLanguage(language, failure.message) || m.releases.links.answers.invalidRequest),
  });
  const busy = writer.state !== "idle";
  // Review links are made and revoked by those who may create releases; everyone who sees the release may preview it.
  const mayShare = useAllows()("releases.create");

  return (
    <Card data-testid="preview-links">
      <CardHeader>
        <CardTitle>{m.releases.links.title}</CardTitle>
        <CardDescription>{m.releases.links.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <a href={previewHref(releaseId, "/")} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="open-preview">
          <Eye /> {m.releases.links.openPreview}
        </a>
        {mayShare ? (
          <writer.Form method="post" action={REVIEW_LINKS_ACTION} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value={reviewLinkIntents.create} />
            <input type="hidden" name="releaseId" value={releaseId} />
            <label htmlFor={daysId} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {m.releases.links.days}
              <input
                id={daysId}
                name="days"
                type="number"
                min={1}
                max={30}
                defaultValue={7}
                className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              />
            </label>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" /> : <Link2 />} {m.releases.links.create}
            </Button>
          </writer.Form>
        ) : null}
        {created && <CreatedLink url={created} />}
        {mayShare ? <LinkList links={links.data?.links ?? []} releaseId={releaseId} busy={busy} revoke={writer.submit} /> : null}
      </CardContent>
    </Card>
  );
}

function CreatedLink({ url }: { url: string }) {
  const { m } = useMessages();
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-medium">{m.releases.links.once}</p>
      <div className="mt-2 flex items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={m.releases.links.link}
          data-testid="review-link-url"
          className="min-w-0 flex-1 rounded border border-emerald-300 bg-white px-2 py-1 font-mono text-xs"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(url)}>
          <Copy /> {m.releases.links.copy}
        </Button>
      </div>
    </div>
  );
}

function LinkList(props: {
  links: ReviewLinkView[];
  releaseId: number;
  busy: boolean;
  revoke: (form: Record<string, string | number>, options: { method: "post"; action: string }) => Promise<void>;
}) {
  const { m, language } = useMessages();
  if (props.links.length === 0) return <p className="text-sm text-slate-600">{m.releases.links.none}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={m.releases.links.list}>
      {props.links.map((link) => (
        <li
          key={link.id}
          className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          data-testid={`review-link-${link.id}`}
        >
          <span>
            <span className="font-medium">№{link.id}</span>
            {m.releases.links.line({
              state: m.releases.links.states[link.state],
              until: when(language, link.expiresAt),
              count: link.openCount,
            })}
            {link.lastOpenedAt ? m.releases.links.lastOpened({ when: when(language, link.lastOpenedAt) }) : ""}
          </span>
          {link.state === "active" && (
            <Button
              variant="outline"
              size="sm"
              disabled={props.busy}
              onClick={() =>
                void props.revoke(
                  { intent: reviewLinkIntents.revoke, releaseId: props.releaseId, linkId: link.id },
                  { method: "post", action: REVIEW_LINKS_ACTION },
                )
              }
            >
              {m.releases.links.revoke}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
