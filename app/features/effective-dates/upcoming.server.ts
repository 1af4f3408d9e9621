// The coming version of a legal page or of the fees, shown from its release's schedule until its
// effective date: the release's staged values over the live page. Public and cacheable until the
// date (the publish at that date clears the page cache, and the page answers 404 from then on).
import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import { feesKeys } from "~/features/content/catalogue/fees";
import type { LegalPageName } from "~/features/content/catalogue/types";
import { type EffectiveDocument } from "~/features/content/effective/keys";
import { loadLegalPage } from "~/features/content/legal/pages.server";
import { getPageContent, getSettings } from "~/features/content/read.server";
import { contentWithLocaleFigures, requestTexts } from "~/features/locales/public-texts.server";
import { fillText } from "~/features/locales/public-texts";
import { scheduledValues } from "~/features/releases/effective-schedule.server";
import { getDb } from "~/platform/db.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import { comingChange, formatDate, localPath } from "./public.server";

const localKey = (page: string, section: string) => {
  const code = currentRequestLocale()?.code ?? DEFAULT_LOCALE;
  return code === DEFAULT_LOCALE ? `${page}/${section}` : `${page}/${section}@${code}`;
};

const stagedText = (value: unknown) =>
  value && typeof value === "object" && typeof (value as { contentValue?: unknown }).contentValue === "string"
    ? (value as { contentValue: string }).contentValue
    : undefined;

/** The banner, the link back and how long the answer may be kept (until the date). */
async function comingFrame(document: EffectiveDocument) {
  const change = await comingChange(document);
  if (!change) return undefined;
  const texts = requestTexts().effective;
  return {
    change,
    banner: fillText(texts.upcomingBanner, { date: formatDate(change.date) }),
    current: { href: localPath(document), text: texts.currentLink },
    headers: {
      "Cache-Control": `public, max-age=${Math.max(0, Math.floor((change.scheduledAt.getTime() - Date.now()) / 1000))}`,
      // The coming text is not the document yet: kept out of search results.
      "X-Robots-Tag": "noindex",
    },
  };
}

/** A legal page's coming version; undefined when none is scheduled. */
export async function upcomingLegalPage(page: LegalPageName) {
  const frame = await comingFrame(page);
  if (!frame) return undefined;
  const key = localKey(page, LEGAL_SECTION);
  const staged = stagedText((await scheduledValues(getDb(), frame.change.releaseId, [key])).get(key));
  const html = staged !== undefined ? sanitizeLegalHtml(staged) : (await loadLegalPage(page)).html;
  return { ...frame, html };
}

/** The fees page's coming version; undefined when none is scheduled. */
export async function upcomingFees() {
  const frame = await comingFrame("fees");
  if (!frame) return undefined;
  const keys = feesKeys.map((entry) => [entry.section, localKey("fees", entry.section)] as const);
  const [live, settings, staged] = await Promise.all([
    getPageContent("fees"),
    getSettings(),
    scheduledValues(
      getDb(),
      frame.change.releaseId,
      keys.map(([, key]) => key),
    ),
  ]);
  const content: Record<string, string> = { ...live };
  for (const [section, key] of keys) {
    const text = stagedText(staged.get(key));
    if (text !== undefined) content[section] = text;
  }
  return { ...frame, content: contentWithLocaleFigures(content, settings) };
}
