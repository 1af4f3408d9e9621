import { FileStack, Loader2, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import type { PagesSectionData } from "~/features/pages/editor-contract";
import { pageIntents } from "~/features/pages/intents";
import { PageEditor } from "./page-editor";
import { endLabel } from "./page-end-form";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatDateTime } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

function CreatePageForm() {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult & { id?: number }>({ key: "create-page" });
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  useActionResult<{ ok: true; intent: string; id?: number }>(fetcher, {
    onSuccess: (result) => {
      setErrors({});
      toastSuccess(m.pages.done, m.pages.created);
      if (result.id) void navigate(`/admin/other/pages?page=${result.id}`);
    },
    onFailure: (failure) => {
      setErrors(failure.fieldErrors ?? {});
      toastError(m.pages.error, inLanguage(language, failure.message));
    },
  });
  return (
    <fetcher.Form method="post" className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <input type="hidden" name="intent" value={pageIntents.create} />
      <div className="grid gap-1">
        <Label htmlFor="new-page-title">{m.pages.name}</Label>
        <Input id="new-page-title" name="title" required aria-invalid={errors.title ? true : undefined} />
        <FieldError>{inLanguage(language, errors.title?.[0])}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="new-page-path">{m.pages.path}</Label>
        <Input
          id="new-page-path"
          name="path"
          required
          // i18n-ignore: an address's form, the same in every language
          placeholder="/gift-season"
          aria-invalid={errors.path ? true : undefined}
        />
        <FieldError>{inLanguage(language, errors.path?.[0])}</FieldError>
      </div>
      <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
        {m.pages.create}
      </Button>
    </fetcher.Form>
  );
}

function PolicyForm({ required }: { required: boolean }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "page-policy" });
  const [checked, setChecked] = useState(required);
  useEffect(() => setChecked(required), [required]);
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.pages.done, m.pages.policySaved),
    onFailure: (failure) => toastError(m.pages.error, inLanguage(language, failure.message)),
  });
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          fetcher.submit({ intent: pageIntents.policy, disclaimerRequired: String(event.target.checked) }, { method: "post" });
        }}
      />
      {m.pages.policy}
    </label>
  );
}

/** The 'Страницы' section: the list of landing pages, a new page, the policy; or one page's editor. */
export function PagesPanel({
  pages,
  disclaimerRequired,
  editor,
  seoDefaults,
  origin,
  stagedIds,
  timeZone,
  locales,
}: PagesSectionData & { origin: string }) {
  const { m, language } = useMessages();
  if (editor) {
    return (
      <PageEditor
        key={`${editor.page.id}@${editor.translation?.locale ?? ""}`}
        editor={editor}
        locales={locales}
        defaults={seoDefaults}
        origin={origin}
        timeZone={timeZone}
        staged={stagedIds.includes(editor.page.id)}
      />
    );
  }
  return (
    <section aria-labelledby="pages-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="pages-heading" icon={FileStack}>
          {m.pages.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{m.pages.intro}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.pages.newPage}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CreatePageForm />
          <PolicyForm required={disclaimerRequired} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.pages.allPages}</CardTitle>
        </CardHeader>
        <CardContent>
          {pages.length === 0 ? (
            <p className="text-sm text-slate-600">{m.pages.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={m.pages.list}>
              {pages.map((page) => (
                <li key={page.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <Link to={`/admin/other/pages?page=${page.id}`} className="font-medium text-indigo-700 hover:underline">
                      {page.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {m.pages.summary({ path: page.path, status: m.pages.statuses[page.status], blocks: page.blockCount, id: page.id })}
                    </p>
                    {page.endsAt ? (
                      <p className="text-sm text-slate-700" data-testid="page-end-state">
                        {endLabel(m, language, page, timeZone)}
                      </p>
                    ) : null}
                    {stagedIds.includes(page.id) ? (
                      <p className="text-sm font-medium text-amber-800" data-testid="page-staged">
                        {m.pages.inRelease}
                      </p>
                    ) : null}
                  </div>
                  <span className="text-xs text-slate-500">{formatDateTime(language, page.updatedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
