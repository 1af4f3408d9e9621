import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import type { LegalPageName } from "~/features/content/catalogue/types";
import { getPageContent } from "~/features/content/read.server";
import { pageHasContent } from "~/features/content/locale-policy.server";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import { fillText, strictPageTitle } from "~/features/locales/public-texts";
import { englishTexts, requestTexts } from "~/features/locales/public-texts.server";
import { escapeHtml } from "~/platform/escape-html";

/** The header that keeps a page out of search results (the page cache keeps it with the copy). */
export const NOINDEX_HEADERS = { "X-Robots-Tag": "noindex" } as const;

/**
 * The address of a page in the records' own locale (English): without a prefix while English is
 * the site's default, under `/en` otherwise.
 */
function englishAddress(path: string) {
  const locale = currentRequestLocale();
  return !locale || locale.defaultCode === DEFAULT_LOCALE ? path : `/${DEFAULT_LOCALE}${path === "/" ? "" : path}`;
}

/**
 * In a locale where the page at `path` has no text of its own (a legal page, the fees), what is
 * shown instead: a short page saying the document is available in English, with the link. Never
 * the English text itself under another language's address. Undefined where the page has its text.
 */
export async function englishOnlyNotice(path: string): Promise<string | undefined> {
  const locale = currentRequestLocale();
  if (!locale || locale.code === DEFAULT_LOCALE || (await pageHasContent(path, locale.code))) return undefined;
  const href = escapeHtml(englishAddress(path));
  // The sentence in the page's language; the link names the English document in English.
  const sentence = fillText(requestTexts().englishOnly, { title: strictPageTitle(requestTexts(), path) });
  const title = escapeHtml(strictPageTitle(englishTexts, path));
  return `<p>${escapeHtml(sentence)} <a href="${href}" hreflang="en" lang="en">${title} (English)</a>.</p>`;
}

/**
 * A legal page's HTML, sanitised again before render whatever the database holds; in a locale
 * without its own text, the notice that it is available in English (`englishOnly`: answered
 * 200 with noindex, and left out of hreflang and the sitemap).
 */
export async function loadLegalPage(page: LegalPageName) {
  const notice = await englishOnlyNotice(`/${page}`);
  if (notice !== undefined) return { html: notice, englishOnly: true as const };
  const content = await getPageContent(page);
  return { html: sanitizeLegalHtml(content[LEGAL_SECTION] ?? "") };
}
