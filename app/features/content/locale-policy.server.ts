// Which public pages have content in a locale, under the fallback policy per kind of text:
// - marketing copy (every content key, the settings' texts, menu labels) falls back to the
//   default locale's value, then to the key's default: such a page has content in every locale;
// - a legal page has content in a locale only with its own text there: regulated terms are never
//   shown in another language in their place (the page says the document is in English instead);
// - the fees page, likewise, only with every one of its texts of its own (labels and notes name
//   the figures a customer agrees to).
// The hreflang alternates, the sitemap and the language switcher read this one answer.
import { catalogue } from "~/features/content/catalogue/catalogue";
import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import { legalPageNames, type LegalPageName } from "~/features/content/catalogue/types";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { ownSections } from "./localized-read.server";

/** The fee texts that must all be translated for the fees page to be shown in a locale. */
export const feeTextSections = catalogue.fees
  .filter((entry) => entry.type === "text" || entry.type === "rich_text")
  .map((entry) => entry.section);

const legalPath = (path: string) =>
  (legalPageNames as readonly string[]).includes(path.slice(1)) ? (path.slice(1) as LegalPageName) : undefined;

/** Whether a page's text is held to its own translation (no silent fallback). */
export const isStrictPage = (path: string) => path === "/fees" || legalPath(path) !== undefined;

/** Whether the public page at `path` (without a prefix) has content in the locale `code`. */
export async function pageHasContent(path: string, code: string): Promise<boolean> {
  if (code === DEFAULT_LOCALE) return true;
  const legal = legalPath(path);
  if (legal) return (await ownSections(legal, code)).has(LEGAL_SECTION);
  if (path === "/fees") {
    const own = await ownSections("fees", code);
    return feeTextSections.every((section) => own.has(section));
  }
  return true;
}
