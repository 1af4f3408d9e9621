import { Languages, Plus, Star, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { allowedLocales, localeCodes } from "~/features/locales/allow-list";
import { localeIntents, type LocaleCompleteness, type SiteLocale } from "~/features/locales/schema";
import { completenessPercent } from "~/features/locales/completeness";
import { inLanguage } from "~/features/admin-i18n/messages";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

const selectClass =
  "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600";

/** The 'Языки' section: the site's locales, their state, the default, and adding a new one. */
export function LocalesPanel({
  locales,
  completeness,
}: {
  locales: SiteLocale[];
  completeness: Record<string, LocaleCompleteness | undefined>;
}) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "locales" });
  const busy = fetcher.state !== "idle";
  const answers = m.locales.answers;
  const successMessages: Record<string, string> = {
    [localeIntents.add]: answers.added,
    [localeIntents.remove]: answers.removed,
    [localeIntents.setDefault]: answers.defaultChosen,
    [localeIntents.setState]: answers.stateChanged,
  };
  useActionResult(fetcher, {
    onSuccess: (success) => toastSuccess(m.common.done, successMessages[success.intent] ?? answers.stateChanged),
    onFailure: (failure) => toastError(m.common.error, inLanguage(language, failure.message) || answers.failed),
  });
  const added = new Set(locales.map((locale) => locale.code));
  const addable = localeCodes.filter((code) => !added.has(code));
  const submit = (fields: Record<string, string>) => void fetcher.submit(fields, { method: "post" });
  return (
    <section aria-labelledby="locales-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="locales-heading" icon={Languages}>
          {m.locales.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{m.locales.description}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.locales.siteLocales}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200" aria-label={m.locales.siteLocales}>
            {locales.map((locale) => (
              <LocaleRow key={locale.code} locale={locale} completeness={completeness[locale.code]} busy={busy} submit={submit} />
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.locales.addTitle}</CardTitle>
          <CardDescription>{m.locales.addDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value={localeIntents.add} />
            <div className="grid gap-1">
              <label htmlFor="locale-code" className="text-sm font-medium text-slate-900">
                {m.locales.language}
              </label>
              <select id="locale-code" name="code" required className={selectClass} defaultValue={addable[0]}>
                {addable.map((code) => (
                  <option key={code} value={code}>
                    {allowedLocales[code]} ({code})
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={busy || addable.length === 0}>
              <Plus aria-hidden="true" />
              {m.locales.add}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}

/** A locale as its row and its buttons take it, with the panel's form. */
interface LocaleProps {
  locale: SiteLocale;
  completeness: LocaleCompleteness | undefined;
  busy: boolean;
  submit: (fields: Record<string, string>) => void;
}

/** One locale: its name, state and share translated, and its buttons (the default has none). */
function LocaleRow({ locale, completeness, busy, submit }: LocaleProps) {
  const { m, language } = useMessages();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-locale={locale.code}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <span lang={locale.code}>{locale.name}</span> <span className="font-mono text-sm text-slate-600">{locale.code}</span>
        </p>
        <p className="text-sm text-slate-600">
          {locale.isDefault ? m.locales.isDefault : ""}
          {locale.state === "public" ? m.locales.published : m.locales.draft}
        </p>
        {completeness && (
          <p className="text-sm text-slate-600" data-testid="locale-completeness">
            {m.locales.translated({
              ...completeness,
              percent: completenessPercent(completeness.complete, completeness.total, language),
            })}
          </p>
        )}
      </div>
      {!locale.isDefault && <LocaleActions locale={locale} completeness={completeness} busy={busy} submit={submit} />}
    </li>
  );
}

/**
 * A locale's buttons: publish or unpublish (a draft whose translation is incomplete only after a
 * confirmation that the log records), make it the default, remove it (after a confirmation).
 */
function LocaleActions({ locale, completeness, busy, submit }: LocaleProps) {
  const { m } = useMessages();
  const name = { name: locale.name };
  const incomplete = locale.state === "draft" && completeness !== undefined && completeness.complete < completeness.total;
  const switchState = { intent: localeIntents.setState, code: locale.code, state: locale.state === "public" ? "draft" : "public" };
  return (
    <div className="flex flex-wrap gap-2">
      {incomplete ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={busy}>
              {m.locales.publish(name)}
            </Button>
          }
          title={m.locales.incompleteTitle(name)}
          description={m.locales.incompleteDescription}
          confirmLabel={m.locales.incompleteConfirm}
          cancelLabel={m.common.cancel}
          onConfirm={() => submit({ ...switchState, override: "on" })}
        />
      ) : (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => submit(switchState)}>
          {locale.state === "public" ? m.locales.unpublish(name) : m.locales.publish(name)}
        </Button>
      )}
      {locale.state === "public" && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => submit({ intent: localeIntents.setDefault, code: locale.code })}>
          <Star aria-hidden="true" />
          {m.locales.makeDefault(name)}
        </Button>
      )}
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={busy}>
            <Trash2 aria-hidden="true" />
            {m.locales.remove(name)}
          </Button>
        }
        title={m.locales.removeTitle(name)}
        description={m.locales.removeDescription}
        confirmLabel={m.locales.removeConfirm}
        cancelLabel={m.common.cancel}
        onConfirm={() => submit({ intent: localeIntents.remove, code: locale.code })}
      />
    </div>
  );
}
