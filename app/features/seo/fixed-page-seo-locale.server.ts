// The fixed pages' SEO fields in another locale: the dashboard's view of them (each field's own
// value, or where the site's value comes from without it), saving them through the record store
// (`seo/fees@de`: staged, previewed, published, restored like any translation), and the fields
// a locale's completeness counts. A fallback is never saved as a translation.
import { and, eq, inArray } from "drizzle-orm";
import { pageContent, recordTranslations } from "~/db/schema";
import { contentRecordKey } from "~/features/content/records.server";
import { listSiteLocales } from "~/features/locales/locales.server";
import { latestVersions } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { ru } from "~/features/admin-i18n/catalogue/ru";
import { Refusal } from "~/platform/refusal";
import { FIXED_SEO_PAGE, fixedSeoPages, parseFixedSeo } from "./fixed-page-seo";
import {
  countedSeoFields,
  fallbackSeoFields,
  localizedSeoFields,
  type FixedSeoLocaleView,
  type FixedSeoTranslation,
  type FixedSeoTranslationSave,
  type LocalizedSeoField,
  type SeoFieldInLocale,
  translatedSeo,
} from "./fixed-page-seo-locale";
import type { PageSeoFields } from "./seo-fields";

const ruSeo = ru.seo;
const ruTranslations = ru.translations;

/** The server's answers: the Russian catalogue's texts (shown in the administrator's language). */
export const seoLocaleMessages = {
  defaultLocale: ruSeo.locale.defaultLocale,
  unknownLocale: ruTranslations.unknownLocale,
} as const;

const fieldsOnly = (seo: Pick<PageSeoFields, LocalizedSeoField>) =>
  Object.fromEntries(localizedSeoFields.map((field) => [field, seo[field].trim()])) as Record<LocalizedSeoField, string>;

/** The JSON a translation stores: the localized fields only (noindex stays the page's). */
const storedValue = (fields: Record<LocalizedSeoField, string>) => JSON.stringify({ ...fields, noindex: false });

async function requireTranslatable(db: Database, code: string) {
  if (code === DEFAULT_LOCALE) throw new Refusal(400, seoLocaleMessages.defaultLocale);
  const locales = await listSiteLocales(db);
  if (!locales.some((locale) => locale.code === code)) throw new Refusal(404, seoLocaleMessages.unknownLocale);
  return locales;
}

/** The locales a locale's fields fall back to before the records' own: the site's default, when it is another. */
async function fallbackChain(db: Database, code: string): Promise<string[]> {
  const locales = await listSiteLocales(db);
  const siteDefault = locales.find((locale) => locale.isDefault)?.code ?? DEFAULT_LOCALE;
  return [siteDefault].filter((other) => other !== code && other !== DEFAULT_LOCALE);
}

/** Every fixed page's stored default-locale fields and translations in these locales, live. */
async function readLive(db: Database, codes: string[]) {
  const records = fixedSeoPages.map((page) => `${FIXED_SEO_PAGE}/${page.id}`);
  const [english, translations] = await Promise.all([
    db
      .select({ section: pageContent.sectionName, value: pageContent.contentValue })
      .from(pageContent)
      .where(eq(pageContent.pageName, FIXED_SEO_PAGE)),
    codes.length === 0
      ? []
      : db
          .select()
          .from(recordTranslations)
          .where(and(inArray(recordTranslations.locale, codes), inArray(recordTranslations.record, records))),
  ]);
  const base = new Map(english.map((row) => [row.section, { value: row.value, seo: parseFixedSeo(row.value) }]));
  const translated = (code: string, id: string) =>
    translations.find((row) => row.locale === code && row.record === `${FIXED_SEO_PAGE}/${id}`);
  return { base, translated };
}

/** Whether the default locale's value of a field differs from the one the translation was saved against. */
const staleField = (source: string | null, current: PageSeoFields, field: LocalizedSeoField) =>
  (source === null ? "" : parseFixedSeo(source)[field]) !== current[field];

/** Every fixed page's localized fields in the locale: own, fallback (with the text and its locale) or default. */
export async function fixedSeoLocaleView(db: Database, code: string): Promise<FixedSeoLocaleView> {
  await requireTranslatable(db, code);
  const chain = await fallbackChain(db, code);
  const { base, translated } = await readLive(db, [code, ...chain]);
  const keys = fixedSeoPages.map((page) => `${FIXED_SEO_PAGE}/${page.id}@${code}`);
  const versions = await latestVersions(db, keys);
  const pages: FixedSeoTranslation[] = fixedSeoPages.map((page) => {
    const english = base.get(page.id)?.seo ?? parseFixedSeo(undefined);
    const row = translated(code, page.id);
    const own = translatedSeo(row?.value);
    const fields = Object.fromEntries(
      localizedSeoFields.map((field): [LocalizedSeoField, SeoFieldInLocale] => {
        const value = own?.[field].trim() ?? "";
        const sources = (fallbackSeoFields as readonly string[]).includes(field)
          ? [
              ...chain.map((other) => ({ from: other, text: translatedSeo(translated(other, page.id)?.value)?.[field] ?? "" })),
              { from: DEFAULT_LOCALE, text: english[field] },
            ]
          : [];
        const fallback = sources.find((source) => source.text.trim() !== "");
        return [
          field,
          {
            own: value,
            fallback: fallback?.text ?? "",
            origin: value ? "own" : fallback ? "fallback" : "default",
            ...(!value && fallback ? { fallbackFrom: fallback.from } : {}),
            stale: !!value && staleField(row?.source ?? null, english, field),
          },
        ];
      }),
    ) as Record<LocalizedSeoField, SeoFieldInLocale>;
    return {
      id: page.id,
      path: page.path,
      address: page.path === "/" ? `/${code}` : `/${code}${page.path}`,
      fields,
      noindex: english.noindex,
      version: versions[`${FIXED_SEO_PAGE}/${page.id}@${code}`] ?? 0,
    };
  });
  return { locale: code, pages };
}

/**
 * The SEO texts a locale's completeness counts: a page's title and description where the default
 * locale has one of its own to translate (or the locale has its own); complete where the locale's is its own.
 */
export function fixedSeoCounts(view: FixedSeoLocaleView) {
  let complete = 0;
  let total = 0;
  let stale = 0;
  for (const page of view.pages)
    for (const field of countedSeoFields) {
      const value = page.fields[field];
      if (value.origin === "default") continue;
      total += 1;
      if (value.origin === "own") complete += 1;
      if (value.stale) stale += 1;
    }
  return { complete, total, stale };
}

/**
 * Saves one page's localized fields (live, or into the administrator's release). A field left
 * empty, or holding exactly the fallback the editor showed while the locale has none of its own,
 * stores nothing; a page whose fields are all empty then has no translation. False when nothing changed.
 */
export async function saveFixedSeoTranslation(db: Database, input: FixedSeoTranslationSave, actor: Person): Promise<boolean> {
  await requireTranslatable(db, input.locale);
  const view = await fixedSeoLocaleView(db, input.locale);
  const page = view.pages.find((entry) => entry.id === input.id)!;
  const key = contentRecordKey(FIXED_SEO_PAGE, input.id, input.locale);
  const submitted = fieldsOnly(input);
  const outcome = await writeRecords(db, {
    actor,
    action: "update",
    key,
    version: input.version,
    async plan(_context, before) {
      const current = translatedSeo(before);
      const own = current ? fieldsOnly(current) : undefined;
      const next = Object.fromEntries(
        localizedSeoFields.map((field) => {
          const value = submitted[field];
          const shown = page.fields[field];
          // The fallback's own text, saved where the locale has none: not a translation.
          const unchangedFallback = !own?.[field] && shown.origin === "fallback" && value === shown.fallback.trim();
          return [field, unchangedFallback ? "" : value];
        }),
      ) as Record<LocalizedSeoField, string>;
      const empty = localizedSeoFields.every((field) => next[field] === "");
      if (empty) return current ? { result: true, changes: [{ key, after: null }] } : false;
      if (own && localizedSeoFields.every((field) => own[field] === next[field])) return false;
      const after = {
        pageName: FIXED_SEO_PAGE,
        sectionName: input.id,
        contentType: "text" as const,
        contentValue: storedValue(next),
        richContent: null,
        pageUrl: null,
      };
      return { result: true, changes: [{ key, after }] };
    },
  });
  return outcome !== false;
}
