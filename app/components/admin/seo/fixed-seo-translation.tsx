import { Loader2, Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ImageUploadField } from "~/components/admin/image-upload";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { inLanguage } from "~/features/admin-i18n/messages";
import { localeName } from "~/features/locales/allow-list";
import { PAGE_IMAGE_UPLOAD_PATH } from "~/features/pages/editor-contract";
import {
  fixedSeoTranslationIntent,
  type FixedSeoTranslation,
  type LocalizedSeoField,
  type SeoFieldInLocale,
} from "~/features/seo/fixed-page-seo-locale";
import { useActionResult, type ActionResult } from "~/platform/action-result";

export interface SeoPickerLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

/** The SEO section's language: the default locale's own fields, or another locale's. Shown with more than one locale. */
export function SeoLocalePicker({ locales, selected, page }: { locales: SeoPickerLocale[]; selected?: string; page?: string }) {
  const { m } = useMessages();
  if (locales.length < 2) return null;
  return (
    <nav aria-label={m.translations.language} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">{m.translations.language}:</span>
      {locales.map((locale) => {
        const current = locale.isDefault ? selected === undefined : selected === locale.code;
        const query = new URLSearchParams({ ...(locale.isDefault ? {} : { locale: locale.code }), ...(page ? { page } : {}) });
        return (
          <Link
            key={locale.code}
            to={`?${query.toString()}`}
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

/** Where a field's value comes from in the locale: its own, another locale's (with that text), or the page's default. */
function Origin({ field, id }: { field: SeoFieldInLocale; id: string }) {
  const { m } = useMessages();
  const origin =
    field.origin === "own"
      ? m.translations.own
      : field.origin === "fallback"
        ? m.translations.fallback({ from: localeName(field.fallbackFrom ?? "") })
        : m.translations.default;
  return (
    <div id={id} className="grid gap-1 text-xs text-slate-600" data-testid="seo-origin">
      <p>
        <span className={field.origin === "own" ? "text-emerald-800" : "text-amber-800"}>{origin}</span>
        {field.stale ? <span className="ml-2 text-red-700">{m.translations.stale}</span> : null}
      </p>
      {field.origin === "fallback" ? (
        <p className="rounded bg-slate-50 p-2 text-sm break-words text-slate-700">
          <span className="font-medium">{m.translations.shownNow}</span> <span data-testid="seo-fallback">{field.fallback}</span>
        </p>
      ) : null}
    </div>
  );
}

type Values = Record<LocalizedSeoField, string>;

/** One fixed page's fields in another locale, each with where its value comes from; a save stores only the locale's own values. */
export function FixedSeoTranslationEditor({ entry, locale, label }: { entry: FixedSeoTranslation; locale: string; label: string }) {
  const { m, language } = useMessages();
  const [values, setValues] = useState<Values>({
    title: entry.fields.title.own,
    description: entry.fields.description.own,
    canonical: entry.fields.canonical.own,
    ogImage: entry.fields.ogImage.own,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fetcher = useFetcher<ActionResult & { stored?: boolean }>({ key: `save-fixed-seo-${locale}-${entry.id}` });
  const saving = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: (success) => {
      setErrors({});
      toastSuccess(m.seo.saved, (success as { stored?: boolean }).stored ? m.translations.saved : m.translations.unchanged);
    },
    onFailure: (failure) => {
      setErrors(Object.fromEntries(Object.entries(failure.fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""])));
      toastError(m.seo.error, inLanguage(language, failure.message));
    },
  });
  const set = (field: LocalizedSeoField) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const save = () =>
    fetcher.submit({ intent: fixedSeoTranslationIntent, id: entry.id, locale, version: entry.version, ...values }, { method: "post" });
  const text = (field: "title" | "description" | "canonical", name: string, long = false) => {
    const id = `seo-${locale}.${field}`;
    const Control = long ? Textarea : Input;
    const message = inLanguage(language, errors[field]);
    return (
      <div className="grid gap-1">
        <Label htmlFor={id}>{name}</Label>
        <Control
          id={id}
          value={values[field]}
          placeholder={field === "canonical" ? entry.address : entry.fields[field].fallback}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-origin`}
          onChange={(event: { target: { value: string } }) => set(field)(event.target.value)}
        />
        {field === "canonical" && !values.canonical ? (
          <p className="text-xs text-slate-600">{m.seo.locale.canonicalEmpty({ address: entry.address })}</p>
        ) : null}
        <Origin field={entry.fields[field]} id={`${id}-origin`} />
        <FieldError>{message}</FieldError>
      </div>
    );
  };
  return (
    <section aria-labelledby="fixed-seo-title" className="grid min-w-0 gap-4" data-testid={`seo-translation-${entry.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="fixed-seo-title" className="text-lg font-semibold break-words text-slate-900">
          {label} <span className="font-normal text-slate-600">{entry.address}</span>
        </h3>
        <Button type="button" onClick={save} disabled={saving}>
          {saving ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Save aria-hidden="true" className="size-4" />}
          {m.seo.save}
        </Button>
      </div>
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        {text("title", m.seo.metaTitle)}
        {text("description", m.seo.metaDescription, true)}
        {text("canonical", m.seo.canonical)}
        <ImageUploadField
          target={{ section: "page_og" }}
          address={PAGE_IMAGE_UPLOAD_PATH}
          value={values.ogImage}
          label={m.seo.locale.imageLabel}
          onChange={set("ogImage")}
        />
        <Origin field={entry.fields.ogImage} id={`seo-${locale}.ogImage-origin`} />
        <FieldError>{inLanguage(language, errors.ogImage)}</FieldError>
        <p className="text-xs text-slate-600">
          {m.seo.locale.noindexShared({ state: entry.noindex ? m.seo.locale.noindexOn : m.seo.locale.noindexOff })}
        </p>
      </div>
    </section>
  );
}
