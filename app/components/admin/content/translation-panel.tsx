import { Link, useFetcher, useSearchParams } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { CONTENT_ACTION } from "~/features/content/intents";
import { translationIntents, type TranslationField, type TranslationView } from "~/features/content/translation-schema";
import { inLanguage } from "~/features/admin-i18n/messages";
import { localeName } from "~/features/locales/allow-list";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { PageTabs } from "./page-tabs";
import { completenessPercent } from "~/features/locales/completeness";
import { XliffCard } from "./xliff-card";

interface PickerLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

/** The content editor's language: the default locale's own editor, or another locale's translations. */
export function LocalePicker({ locales, selected }: { locales: PickerLocale[]; selected: string | undefined }) {
  const { m } = useMessages();
  return (
    <nav aria-label={m.translations.language} className="mb-6 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">{m.translations.language}:</span>
      {locales.map((locale) => {
        const current = locale.isDefault ? selected === undefined : selected === locale.code;
        return (
          <Link
            key={locale.code}
            to={locale.isDefault ? "/admin/content" : `/admin/content?locale=${locale.code}`}
            aria-current={current ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${current ? "border-indigo-600 bg-indigo-50 text-indigo-900" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            {locale.isDefault ? m.translations.defaultLanguage({ name: locale.name }) : locale.name}
          </Link>
        );
      })}
    </nav>
  );
}

/** One key in the locale: its own text, or where the site's text comes from without it. */
function TranslationCard({ field, locale }: { field: TranslationField; locale: string }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult & { stored?: boolean }>({ key: `translation-${field.page}-${field.section}` });
  useActionResult(fetcher, {
    onSuccess: (success) =>
      toastSuccess(m.common.done, (success as { stored?: boolean }).stored ? m.translations.saved : m.translations.unchanged),
    onFailure: (failure) => toastError(m.common.error, inLanguage(language, failure.message) || m.translations.failed),
  });
  const origin =
    field.origin === "own"
      ? m.translations.own
      : field.origin === "fallback"
        ? m.translations.fallback({ from: localeName(field.fallbackFrom ?? "") })
        : m.translations.default;
  const id = `translation-${field.page}-${field.section}`;
  return (
    <fetcher.Form
      method="post"
      action={CONTENT_ACTION}
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
      data-testid={id}
    >
      <input type="hidden" name="intent" value={translationIntents.save} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="page" value={field.page} />
      <input type="hidden" name="section" value={field.section} />
      <input type="hidden" name="version" value={field.version} />
      <label htmlFor={id} className="font-mono text-sm font-semibold text-slate-900">
        {field.section}
      </label>
      <p className="text-xs text-slate-600" data-testid="translation-origin">
        <span className={field.origin === "own" ? "text-emerald-800" : "text-amber-800"}>{origin}</span>
        {field.stale ? <span className="ml-2 text-red-700">{m.translations.stale}</span> : null}
      </p>
      {field.origin !== "own" ? (
        <p className="rounded bg-slate-50 p-2 text-sm text-slate-700">
          <span className="font-medium">{m.translations.shownNow}</span> <span data-testid="translation-fallback">{field.fallback}</span>
        </p>
      ) : null}
      <textarea
        // A newer version (saved elsewhere, or taken from a file) shows its own text.
        key={field.version}
        id={id}
        name="value"
        defaultValue={field.own}
        rows={field.fallback.length > 120 ? 4 : 2}
        aria-label={m.translations.field({ section: field.section })}
        className="rounded-md border border-slate-300 p-2 text-sm"
      />
      <div>
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? m.common.saving : m.common.save}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Контент сайта' in another locale: every key with its origin, the completeness figure, stale ones marked. */
export function TranslationPanel({ view, picker }: { view: TranslationView; picker: React.ReactNode }) {
  const { m, language } = useMessages();
  const pages = [...new Set(view.fields.map((field) => field.page))];
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("page");
  const selected = requested && pages.includes(requested) ? requested : pages[0]!;
  const choosePage = (page: string) => setSearchParams({ locale: view.locale, page }, { replace: true, preventScrollReset: true });
  const number = new Intl.NumberFormat(language);
  const stale = view.fields.filter((field) => field.stale).length + view.others.stale;
  return (
    <section aria-labelledby="translation-heading" className="space-y-6">
      {picker}
      <div>
        <h2 id="translation-heading" className="text-xl font-semibold">
          {m.translations.title({ name: localeName(view.locale) })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{m.translations.description}</p>
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="translation-completeness">
          {m.translations.completeness({
            complete: number.format(view.complete),
            total: number.format(view.total),
            percent: completenessPercent(view.complete, view.total, language),
          })}
          {stale > 0 ? ` · ${m.translations.staleCount({ count: number.format(stale) })}` : ""}
        </p>
        {view.others.total > 0 ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="translation-seo-completeness">
            {m.translations.seoIncluded({ complete: number.format(view.others.complete), total: number.format(view.others.total) })}
          </p>
        ) : null}
      </div>
      <XliffCard locale={view.locale} />
      <PageTabs pages={pages} selected={selected} onSelect={choosePage}>
        <div className="grid gap-4 lg:grid-cols-2">
          {view.fields
            .filter((field) => field.page === selected)
            .map((field) => (
              <TranslationCard key={`${field.page}/${field.section}`} field={field} locale={view.locale} />
            ))}
        </div>
      </PageTabs>
    </section>
  );
}
