// The public site's fixed texts: what the templates say around the content (the cookie banner,
// the contact form's messages and errors, the footer's headings, the 404 page, the legal pages'
// notice, the menus' labels). Editable texts are content keys and follow the content's fallback
// instead; these are not editable, so every allowed locale has its own table
// (public-texts.server.ts, English's too). The browser's components keep English as they wrote it
// (no table in the bundle: the public JavaScript does not grow) and read another locale's table
// from the root's data, sent only on a page in that locale: a site of one locale sends what it did.
import type { ContactSubject } from "./contact-texts";

/** The contact form's field errors, by rule. */
export type ContactErrorTexts = Record<
  "name" | "nameTooLong" | "email" | "emailTooLong" | "subject" | "message" | "messageTooLong" | "tooManyLinks",
  string
>;

export interface PublicTexts {
  skipToContent: string;
  /** The menus' accessible names (the mobile menu's toggle, the logo link and the payment logos keep English: see docs/locales.md). */
  mainNav: string;
  mobileNav: string;
  footerNav: string;
  cookieTitle: string;
  cookieText: string;
  privacyPolicy: string;
  close: string;
  decline: string;
  acceptAll: string;
  /** The footer's headings (`legal` is also the legal pages' label). */
  explore: string;
  legal: string;
  contact: string;
  /** Titles of the pages held to their own text. */
  terms: string;
  privacy: string;
  amlKyc: string;
  fees: string;
  /** A legal page or the fees without their own text: `{title}` is the page's title. */
  englishOnly: string;
  /** A legal page's or the fees' effective date, its coming version and its earlier ones (`{date}`, `{from}`, `{to}`). */
  effective: Record<
    "effectiveFrom" | "coming" | "comingLink" | "upcomingBanner" | "currentLink" | "versions" | "versionRange" | "archivedBanner",
    string
  >;
  contactErrors: ContactErrorTexts;
  contactSent: string;
  contactFailed: string;
  /** The subjects as shown (the posted values stay the English ones). */
  subjects: Record<ContactSubject, string>;
  honeypot: string;
  showMap: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundMeta: string;
  backHome: string;
}

/** A text with its `{name}` placeholders filled in. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Where a page is held to its own text (no silent fallback): its title's entry in the table. */
const strictPageTitles = { "/terms": "terms", "/privacy": "privacy", "/aml-kyc": "amlKyc", "/fees": "fees" } as const;

/** The title of a legal page (`terms`, `privacy`, `aml-kyc`) or of the fees (`/fees`) in a table. */
/** A table as the browser gets it: the effective dates' texts are the server's alone. */
export type BrowserTexts = Omit<PublicTexts, "effective">;

export const strictPageTitle = (texts: BrowserTexts, path: string): string =>
  texts[strictPageTitles[path as keyof typeof strictPageTitles] ?? "fees"];

/** A legal page's title in a table. */
export const legalTitle = (texts: BrowserTexts, page: "terms" | "privacy" | "aml-kyc") => strictPageTitle(texts, `/${page}`);
