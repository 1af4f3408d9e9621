// The locales a site may have: BCP 47 codes, each with its name in its own language (as a
// language switcher shows it). A code not listed here is refused.
// Relative: the route table (app/routes.ts) reads this list, where the `~` alias is not known.
import { DEFAULT_LOCALE } from "../../platform/record-key";

export const allowedLocales = {
  bg: "Български",
  cs: "Čeština",
  da: "Dansk",
  de: "Deutsch",
  el: "Ελληνικά",
  en: "English",
  es: "Español",
  et: "Eesti",
  fi: "Suomi",
  fr: "Français",
  hr: "Hrvatski",
  hu: "Magyar",
  it: "Italiano",
  lt: "Lietuvių",
  lv: "Latviešu",
  nl: "Nederlands",
  pl: "Polski",
  pt: "Português",
  ro: "Română",
  ru: "Русский",
  sk: "Slovenčina",
  sl: "Slovenščina",
  sv: "Svenska",
  uk: "Українська",
} as const satisfies Record<string, string>;

export type LocaleCode = keyof typeof allowedLocales;

export const localeCodes = Object.keys(allowedLocales) as LocaleCode[];

export const isAllowedLocale = (code: string): code is LocaleCode => Object.hasOwn(allowedLocales, code);

/** A locale's name in its own language (the code itself for one not on the list). */
export const localeName = (code: string) => (isAllowedLocale(code) ? allowedLocales[code] : code);

export { DEFAULT_LOCALE };
