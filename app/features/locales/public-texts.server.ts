// The public site's fixed texts in every allowed locale but English (whose table is in the
// browser's bundle, public-texts.ts). Only the server holds these: a page in a locale gets its
// locale's table in the root's data, and no page gets another's.
import { currentRequestLocale } from "~/platform/request-locale.server";
import { DEFAULT_LOCALE, type LocaleCode } from "./allow-list";
import { formatContentFigures } from "./fee-figures";
import { CONTACT_ERROR_MESSAGE, CONTACT_ERRORS, CONTACT_SUBJECTS, CONTACT_SUCCESS_MESSAGE } from "./contact-texts";
import type { BrowserTexts, PublicTexts } from "./public-texts";
import { bg } from "./public-texts/bg";
import { cs } from "./public-texts/cs";
import { da } from "./public-texts/da";
import { de } from "./public-texts/de";
import { el } from "./public-texts/el";
import { es } from "./public-texts/es";
import { et } from "./public-texts/et";
import { fi } from "./public-texts/fi";
import { fr } from "./public-texts/fr";
import { hr } from "./public-texts/hr";
import { hu } from "./public-texts/hu";
import { it } from "./public-texts/it";
import { lt } from "./public-texts/lt";
import { lv } from "./public-texts/lv";
import { nl } from "./public-texts/nl";
import { pl } from "./public-texts/pl";
import { pt } from "./public-texts/pt";
import { ro } from "./public-texts/ro";
import { ru } from "./public-texts/ru";
import { sk } from "./public-texts/sk";
import { sl } from "./public-texts/sl";
import { sv } from "./public-texts/sv";
import { uk } from "./public-texts/uk";
import type { ContactSubject } from "./contact-texts";

/** Field errors as the contact form shows them (field → message). */
type FieldErrors = Partial<Record<string, string>>;

/** English: the specification's texts, as the components write them when no table is sent. */
export const englishTexts: PublicTexts = {
  skipToContent: "Skip to content",
  mainNav: "Main",
  mobileNav: "Mobile",
  footerNav: "Footer",
  cookieTitle: "We use cookies",
  cookieText:
    'We use cookies to enhance your browsing experience, serve personalized content, and analyze our traffic. By clicking "Accept All", you consent to our use of cookies.',
  privacyPolicy: "Privacy Policy",
  close: "Close",
  decline: "Decline",
  acceptAll: "Accept All",
  explore: "Explore",
  legal: "Legal",
  contact: "Contact",
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  amlKyc: "AML/KYC Policy",
  fees: "Fees",
  englishOnly: "The {title} document is not available in this language. It is available in English:",
  effective: {
    effectiveFrom: "Effective from {date}",
    coming: "A new version of this document takes effect on {date}.",
    comingLink: "Read the new version",
    upcomingBanner: "This version takes effect on {date}. Until then, the current version applies.",
    currentLink: "Current version",
    versions: "Previous versions",
    versionRange: "In effect from {from} to {to}",
    archivedBanner: "This version was in effect from {from} to {to}.",
  },
  contactErrors: CONTACT_ERRORS,
  contactSent: CONTACT_SUCCESS_MESSAGE,
  contactFailed: CONTACT_ERROR_MESSAGE,
  subjects: Object.fromEntries(CONTACT_SUBJECTS.map((subject) => [subject, subject])) as Record<ContactSubject, string>,
  honeypot: "Leave this field empty",
  showMap: "Show map",
  notFoundTitle: "Oops! Page not found",
  notFoundText: "The page you are looking for does not exist or has moved.",
  notFoundMeta: "Page not found",
  backHome: "Return to Home",
};

/** Every allowed locale's table but English's, one module each (public-texts/<code>.ts). */
export const localeTexts: Record<Exclude<LocaleCode, "en">, PublicTexts> = {
  bg,
  cs,
  da,
  de,
  el,
  es,
  et,
  fi,
  fr,
  hr,
  hu,
  it,
  lt,
  lv,
  nl,
  pl,
  pt,
  ro,
  ru,
  sk,
  sl,
  sv,
  uk,
};

/** A locale's table (English for the default's code, an unknown one, or outside a request). */
export function publicTextsOf(code: string | undefined): PublicTexts {
  return code && code !== DEFAULT_LOCALE && Object.hasOwn(localeTexts, code) ? localeTexts[code as keyof typeof localeTexts] : englishTexts;
}

/** The current request's table. */
export const requestTexts = (): PublicTexts => publicTextsOf(currentRequestLocale()?.code);

/**
 * A locale's table as the browser gets it: without the effective dates' texts, which only the
 * server writes (the legal and fees pages' notes are its HTML).
 */
export function browserTableOf(code: string | undefined): BrowserTexts {
  const { effective: _serverOnly, ...table } = publicTextsOf(code);
  return table;
}

/**
 * What the root hands the browser: the table of a page in a locale other than English, nothing
 * on an English page (its texts are in the bundle), so a site of one locale sends what it did.
 */
export function browserTexts(): BrowserTexts | undefined {
  const code = currentRequestLocale()?.code;
  return code && code !== DEFAULT_LOCALE ? browserTableOf(code) : undefined;
}

/** The contact form's field errors (the schema's, in English) in the request's locale. */
export function localizeContactErrors<T extends FieldErrors>(errors: T): T {
  const texts = requestTexts();
  if (texts === englishTexts) return errors;
  const keyOf = new Map(Object.entries(englishTexts.contactErrors).map(([key, text]) => [text, key as keyof PublicTexts["contactErrors"]]));
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const key = message === undefined ? undefined : keyOf.get(message);
      return [field, key ? texts.contactErrors[key] : message];
    }),
  ) as T;
}

/**
 * A page's texts with their fee figures in the request's locale (the default locale's page, and
 * English, as stored): the figures and the currency (the settings' `default_currency` and
 * `currency_symbol`) are shared, only their notation follows the page.
 */
export function contentWithLocaleFigures<T extends Readonly<Record<string, string>>>(
  content: T,
  settings: Readonly<Record<string, string>>,
): T {
  const code = currentRequestLocale()?.code;
  if (!code || code === DEFAULT_LOCALE) return content;
  const currency = { code: settings.default_currency?.trim().toUpperCase() || "EUR", symbol: settings.currency_symbol ?? "€" };
  return formatContentFigures(content, code, currency) as T;
}
