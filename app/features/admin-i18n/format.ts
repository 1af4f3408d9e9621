import { languageTags, type AdminLanguage } from "./language";

/** The plural forms a message names: Russian uses one, few and many; English one and other. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const pluralRules = new Map<AdminLanguage, Intl.PluralRules>();

/** The form of a noun for a count in a language (Intl's plural rules: 1 запись, 3 записи, 5 записей). */
export function plural(language: AdminLanguage, count: number, forms: PluralForms): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(languageTags[language])));
  return forms[rules.select(count)] ?? forms.other;
}

type DateStyle = "short" | "medium" | "long";
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the administrator reads it in their language. Times are UTC unless a time zone is
 * given (the server renders and the browser hydrates the same text).
 */
export function formatDateTime(
  language: AdminLanguage,
  value: Date | string | number,
  options: { date?: DateStyle; time?: DateStyle | false; timeZone?: string } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  const key = `${language}|${options.date ?? "medium"}|${options.time ?? "short"}|${options.timeZone ?? "UTC"}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTags[language], {
      dateStyle: options.date ?? "medium",
      ...(options.time === false ? {} : { timeStyle: options.time ?? "short" }),
      timeZone: options.timeZone ?? "UTC",
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with the language's grouping and decimal sign (1 234,5 in Russian, 1,234.5 in English). */
export function formatNumber(language: AdminLanguage, value: number, maximumFractionDigits = 0): string {
  const key = `${language}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(languageTags[language], { maximumFractionDigits })));
  return format.format(value);
}
