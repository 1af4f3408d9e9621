// The content editor's translations: the form of a save and the query that picks a locale, and
// where each field's value comes from. The dashboard's texts are the catalogue's (admin-i18n).
import { z } from "zod";
import { isAllowedLocale } from "~/features/locales/allow-list";
import { translationIntents } from "./intents";
import { translations } from "~/features/admin-i18n/catalogue/ru/translations";

export { translationIntents };

/** Where a locale's texts download as XLIFF 2.0 (`?locale=de`). */
export const XLIFF_EXPORT_PATH = "/admin/content.xlf";

/** The XLIFF export and import's answers: the Russian catalogue's texts themselves, shown in the administrator's language. */
export const xliffMessages = translations.xliff;

/** The server's answers (Russian: the catalogue's `translations` texts, shown in the administrator's language). */
export const translationMessages = {
  saved: "Перевод сохранён",
  unchanged: "Значение совпадает с подставленным: перевод не сохранён",
  failed: "Не удалось сохранить перевод",
  malformedLocale: "Код языка указан неверно",
  unknownLocale: "Этого языка нет на сайте",
  defaultLocale: "Тексты языка по умолчанию правятся в самом редакторе контента",
  unknownKey: "Такого ключа контента нет",
  tooLong: "Текст слишком длинный",
} as const;

/** Where a field's value in a locale comes from. */
export type TranslationOrigin = "own" | "fallback" | "default";

export interface TranslationField {
  page: string;
  section: string;
  /** The locale's own text ("" when it has none). */
  own: string;
  /** What the site shows without it: the default locale's text, else the key's default. */
  fallback: string;
  origin: TranslationOrigin;
  /** The locale the fallback comes from (the default locale's code), when origin is "fallback". */
  fallbackFrom?: string;
  /** The source text changed after the translation was saved. */
  stale: boolean;
  /** The translation record's version (the id of its newest revision; 0 for none). */
  version: number;
}

export interface TranslationView {
  locale: string;
  fields: TranslationField[];
  /** Texts with a value of their own, of all fields and the other features' texts (`others`). */
  complete: number;
  total: number;
  /** Other features' texts counted in the figure (translation-parts.server.ts): the fixed pages' SEO titles and descriptions. */
  others: { complete: number; total: number; stale: number };
}

const locale = z
  .string({ error: translationMessages.malformedLocale })
  .trim()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, translationMessages.malformedLocale)
  .refine(isAllowedLocale, translationMessages.unknownLocale);

/** `?locale=de` on the content editor (absent: the default locale's own editor). */
export const translationQuerySchema = z.object({ locale: locale.optional() });

export const translationSaveSchema = z.object({
  intent: z.literal(translationIntents.save),
  locale,
  page: z.string().regex(/^[a-z0-9_-]{1,100}$/i, translationMessages.unknownKey),
  section: z.string().regex(/^[a-z0-9_-]{1,100}$/i, translationMessages.unknownKey),
  value: z.string().max(100_000, translationMessages.tooLong),
  version: z.coerce.number().int().min(0).optional(),
});

export type TranslationSave = z.infer<typeof translationSaveSchema>;

/** The largest XLIFF file taken (characters of its text). */
export const MAX_XLIFF_CHARACTERS = 5_000_000;

/** A translated file's fields, as every form that takes one posts them (here, and a release's page). */
export const xliffFileFields = {
  locale,
  xliff: z.string({ error: xliffMessages.notXliff }).min(1, xliffMessages.notXliff).max(MAX_XLIFF_CHARACTERS, xliffMessages.tooLarge),
};

export const xliffImportSchema = z.object({ intent: z.literal(translationIntents.importXliff), ...xliffFileFields });

/** `?locale=de` on the XLIFF download (required). */
export const xliffExportQuerySchema = z.object({ locale });
