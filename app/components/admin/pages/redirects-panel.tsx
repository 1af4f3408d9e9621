import { Loader2, Plus, Signpost, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import type { RedirectView } from "~/features/pages/editor-contract";
import { redirectIntents } from "~/features/pages/intents";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatDateTime } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

function AddRedirectForm() {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "create-redirect" });
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  useActionResult(fetcher, {
    onSuccess: () => {
      setErrors({});
      toastSuccess(m.redirects.done, m.redirects.added);
    },
    onFailure: (failure) => {
      setErrors(failure.fieldErrors ?? {});
      toastError(m.redirects.error, inLanguage(language, failure.message));
    },
  });
  return (
    <fetcher.Form method="post" className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto]">
      <input type="hidden" name="intent" value={redirectIntents.create} />
      <div className="grid gap-1">
        <Label htmlFor="redirect-from">{m.redirects.from}</Label>
        <Input
          id="redirect-from"
          name="fromPath"
          required
          // i18n-ignore: an address's form, the same in every language
          placeholder="/old-offer"
          aria-invalid={errors.fromPath ? true : undefined}
        />
        <FieldError>{inLanguage(language, errors.fromPath?.[0])}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="redirect-to">{m.redirects.to}</Label>
        <Input
          id="redirect-to"
          name="toPath"
          required
          // i18n-ignore: an address's form, the same in every language
          placeholder="/new-offer"
          aria-invalid={errors.toPath ? true : undefined}
        />
        <FieldError>{inLanguage(language, errors.toPath?.[0])}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="redirect-status">{m.redirects.code}</Label>
        <select
          id="redirect-status"
          name="status"
          defaultValue="301"
          className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="301">{m.redirects.permanent}</option>
          <option value="302">{m.redirects.temporary}</option>
        </select>
      </div>
      <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
        {m.redirects.add}
      </Button>
    </fetcher.Form>
  );
}

// One fetcher for every row's delete, held by the list: the row leaves the list as soon as its
// delete succeeds, and the toast must still be shown.
type DeleteFetcher = ReturnType<typeof useFetcher<ActionResult>>;

function RedirectRow({ redirect, staged, deletion }: { redirect: RedirectView; staged: boolean; deletion: DeleteFetcher }) {
  const { m, language } = useMessages();
  return (
    <tr className="border-t border-slate-200">
      <td className="px-3 py-2 font-mono text-xs">
        {redirect.fromPath}
        {staged ? (
          <span className="mt-1 block font-sans font-medium text-amber-800" data-testid="redirect-staged">
            {m.redirects.inRelease}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 font-mono text-xs break-all">{redirect.toPath}</td>
      <td className="px-3 py-2">{redirect.status}</td>
      <td className="px-3 py-2">{redirect.automatic ? m.redirects.automatic : m.redirects.manual}</td>
      <td className="px-3 py-2" data-testid="redirect-hits">
        {redirect.hits}
      </td>
      <td className="px-3 py-2 text-xs">{redirect.lastHitAt ? formatDateTime(language, redirect.lastHitAt) : "—"}</td>
      <td className="px-3 py-2">
        <deletion.Form method="post">
          <input type="hidden" name="intent" value={redirectIntents.delete} />
          <input type="hidden" name="id" value={redirect.id} />
          <input type="hidden" name="version" value={redirect.version} />
          <Button type="submit" variant="ghost" size="sm" aria-label={m.redirects.delete({ from: redirect.fromPath })}>
            <Trash2 aria-hidden="true" />
          </Button>
        </deletion.Form>
      </td>
    </tr>
  );
}

/** With a release open: the live redirects it deletes, which still answer until it is published. */
function RemovedInRelease({ redirects }: { redirects: Pick<RedirectView, "id" | "fromPath" | "toPath">[] }) {
  const { m } = useMessages();
  if (redirects.length === 0) return null;
  return (
    <div
      className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="redirects-removed-in-release"
    >
      <p className="font-medium">{m.redirects.removedInRelease}</p>
      <ul className="mt-1 list-disc pl-5">
        {redirects.map((redirect) => (
          <li key={redirect.id} className="break-all">
            <span className="font-mono text-xs">{redirect.fromPath}</span> → <span className="font-mono text-xs">{redirect.toPath}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface RedirectsPanelProps {
  redirects: RedirectView[];
  /** With a release open: the redirects it stages, and the live ones it deletes. */
  stagedIds?: number[];
  removedInRelease?: Pick<RedirectView, "id" | "fromPath" | "toPath">[];
}

/** The 'Переадресации' section: every redirect with its hits and last hit; add and remove. */
export function RedirectsPanel({ redirects, stagedIds = [], removedInRelease = [] }: RedirectsPanelProps) {
  const { m, language } = useMessages();
  const deletion = useFetcher<ActionResult>({ key: "delete-redirect" });
  useActionResult(deletion, {
    onSuccess: () => toastSuccess(m.redirects.done, m.redirects.deleted),
    onFailure: (failure) => toastError(m.redirects.error, inLanguage(language, failure.message)),
  });
  return (
    <section aria-labelledby="redirects-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="redirects-heading" icon={Signpost}>
          {m.redirects.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{m.redirects.intro}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.redirects.newRedirect}</CardTitle>
        </CardHeader>
        <CardContent>
          <AddRedirectForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.redirects.all}</CardTitle>
        </CardHeader>
        <CardContent className="relative overflow-x-auto">
          {redirects.length === 0 ? (
            <p className="text-sm text-slate-600">{m.redirects.empty}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.fromColumn}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.toColumn}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.code}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.createdColumn}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.hitsColumn}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.redirects.lastColumn}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{m.redirects.actionsColumn}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {redirects.map((redirect) => (
                  <RedirectRow key={redirect.id} redirect={redirect} staged={stagedIds.includes(redirect.id)} deletion={deletion} />
                ))}
              </tbody>
            </table>
          )}
          <RemovedInRelease redirects={removedInRelease} />
        </CardContent>
      </Card>
    </section>
  );
}
