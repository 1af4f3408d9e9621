import { Loader2, Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { SeoPanel } from "~/components/admin/pages/seo-panel";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import type { SeoDefaults } from "~/features/pages/editor-contract";
import { fixedSeoIntent, fixedSeoPageTitles, type FixedSeoEntry } from "~/features/seo/fixed-page-seo";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";
import { localeName } from "~/features/locales/allow-list";
import type { FixedSeoLocaleView } from "~/features/seo/fixed-page-seo-locale";
import { FixedSeoTranslationEditor, SeoLocalePicker, type SeoPickerLocale } from "./fixed-seo-translation";

/** A fixed page by the title the site gives it (the home page has none of its own). */
const labelOf = (m: Catalogue, path: string) => fixedSeoPageTitles[path] || m.seo.home;

const firstMessages = (fieldErrors: Record<string, string[] | undefined> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]));

/**
 * The fixed pages' search and sharing fields: a list of the pages, the chosen one in the shared
 * SEO editor; with more than one locale, a language picker, and another locale's fields each
 * with where its value comes from.
 */
export function FixedSeoPanel({
  pages,
  defaults,
  origin,
  locales = [],
  translation = null,
}: {
  pages: FixedSeoEntry[];
  defaults: SeoDefaults;
  origin: string;
  locales?: SeoPickerLocale[];
  translation?: FixedSeoLocaleView | null;
}) {
  const { m, language } = useMessages();
  const [params] = useSearchParams();
  const open = pages.find((page) => page.id === params.get("page")) ?? pages[0];
  const localeQuery = translation ? `locale=${translation.locale}&` : "";
  const translated = translation?.pages.find((page) => page.id === open?.id);
  const stale = translation?.pages.filter((page) => Object.values(page.fields).some((field) => field.stale)).length ?? 0;
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          {translation ? m.seo.locale.title({ name: localeName(translation.locale) }) : m.seo.title}
        </h2>
        <p className="text-sm text-slate-600">{translation ? m.seo.locale.intro : m.seo.intro}</p>
        {stale > 0 ? (
          <p className="text-sm font-medium text-red-700">
            {m.seo.locale.stalePages({ count: new Intl.NumberFormat(language).format(stale) })}
          </p>
        ) : null}
        <SeoLocalePicker locales={locales} selected={translation?.locale} page={open?.id} />
      </div>
      <Card>
        <CardContent className="grid gap-6 pt-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
          <nav aria-label={m.seo.sitePages}>
            <ul className="grid gap-1">
              {pages.map((page) => (
                <li key={page.id}>
                  <Link
                    to={`?${localeQuery}page=${page.id}`}
                    aria-current={page.id === open?.id ? "page" : undefined}
                    className="flex items-center justify-between rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-indigo-50 aria-[current=page]:font-semibold aria-[current=page]:text-indigo-800"
                  >
                    <span>{labelOf(m, page.path)}</span>
                    {page.seo.noindex ? <span className="text-xs text-amber-700">{m.seo.noindexTag}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {translation && translated ? (
            <FixedSeoTranslationEditor
              key={`${translation.locale}-${translated.id}`}
              entry={translated}
              locale={translation.locale}
              label={labelOf(m, translated.path)}
            />
          ) : open ? (
            <FixedSeoEditor key={open.id} entry={open} defaults={defaults} origin={origin} />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function FixedSeoEditor({ entry, defaults, origin }: { entry: FixedSeoEntry; defaults: SeoDefaults; origin: string }) {
  const { m, language } = useMessages();
  const [seo, setSeo] = useState(entry.seo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fetcher = useFetcher<ActionResult>({ key: `save-fixed-seo-${entry.id}` });
  const saving = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => {
      setErrors({});
      toastSuccess(m.seo.saved, m.seo.seoSaved);
    },
    onFailure: (failure) => {
      setErrors(firstMessages(failure.fieldErrors));
      toastError(m.seo.error, inLanguage(language, failure.message));
    },
  });
  const save = () =>
    fetcher.submit(
      { intent: fixedSeoIntent, id: entry.id, version: entry.version, ...seo, noindex: String(seo.noindex) },
      { method: "post" },
    );
  return (
    <section aria-labelledby="fixed-seo-title" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="fixed-seo-title" className="text-lg font-semibold text-slate-900">
          {labelOf(m, entry.path)} <span className="font-normal text-slate-600">{entry.path}</span>
        </h3>
        <Button type="button" onClick={save} disabled={saving}>
          {saving ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Save aria-hidden="true" className="size-4" />}
          {m.seo.save}
        </Button>
      </div>
      <SeoPanel
        seo={seo}
        pageTitle={fixedSeoPageTitles[entry.path] ?? ""}
        path={entry.path}
        origin={origin}
        defaults={{ ...defaults, description: entry.pageDescription || defaults.description }}
        errors={errors}
        onChange={setSeo}
      />
    </section>
  );
}
