// Public reads in a locale other than the records' own: a page's content and the menus' labels
// with the locale's translations over the default locale's values (marketing copy falls back,
// never blank), kept for the content version and read ahead after a write like the rest
// (read.server.ts). In a preview, the release's staged translations apply.
import type { MenuItemRow } from "~/db/schema";
import type { PageName } from "~/features/content/catalogue/types";
import { currentPreview } from "~/features/records/preview-context.server";
import { listTranslations } from "~/features/records/translations.server";
import { addContentReader } from "~/features/records/version.server";
import { getDb, type Database } from "~/platform/db.server";
import { isConnectionError } from "~/platform/database-outage.server";
import { logger } from "~/platform/logger.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { menuRecordKey } from "./records.server";

type PageContent = Record<string, string>;

/**
 * The locales whose translations a read in the request's locale applies, first the locale's own,
 * then the site's default locale's (when that is not the records' own): a text missing in both
 * falls back to the records' own locale's value, then to the key's default. Empty outside a
 * request in another locale: today's reads, unchanged.
 */
export function translationChain(): string[] {
  const locale = currentRequestLocale();
  if (!locale || locale.code === DEFAULT_LOCALE) return [];
  return [...new Set([locale.code, locale.defaultCode])].filter((code) => code !== DEFAULT_LOCALE);
}

let localizedCache = new Map<string, Promise<PageContent>>();

/** A page's localized content kept for the content version. */
export const localizedPage = (key: string) => localizedCache.get(key);

export function keepLocalized(key: string, reading: Promise<PageContent>) {
  localizedCache.set(key, reading);
  reading.catch(() => localizedCache.delete(key));
  return reading;
}

/** The text a translation (a content row's snapshot) holds; empty when none. */
const translatedText = (value: unknown) => ((value as { contentValue?: unknown } | null)?.contentValue as string | undefined) ?? "";

export async function localizePage(page: PageName, own: Promise<PageContent>, chain: string[]): Promise<PageContent> {
  const [base, ...translations] = await Promise.all([own, ...chain.map((code) => translationsIn(code))]);
  const content = { ...base };
  const prefix = `${page}/`;
  // The last in the chain first, so that the locale's own text is the one left standing.
  for (const values of translations.reverse())
    for (const [record, value] of values) {
      if (!record.startsWith(prefix)) continue;
      const text = translatedText(value);
      if (text.trim() !== "") content[record.slice(prefix.length)] = text;
    }
  return content;
}

/** Which sections of a page have a text of their own in a locale (the legal pages' and fees' policy). */
export async function ownSections(page: PageName, code: string): Promise<Set<string>> {
  const prefix = `${page}/`;
  const sections = new Set<string>();
  for (const [record, value] of await translationsIn(code))
    if (record.startsWith(prefix) && translatedText(value).trim() !== "") sections.add(record.slice(prefix.length));
  return sections;
}

let translationCache = new Map<string, Promise<ReadonlyMap<string, unknown>>>();

async function readTranslationsIn(db: Database, code: string): Promise<Map<string, unknown>> {
  const rows = await listTranslations(db, { locales: [code] });
  return new Map(rows.map((row) => [row.record, row.value]));
}

/** A locale's translations (record key text in the default locale → value); in a preview, with the release's staged ones. */
export async function translationsIn(code: string): Promise<ReadonlyMap<string, unknown>> {
  const live = await keptRead(
    translationCache,
    code,
    () => readTranslationsIn(getDb(), code),
    (error) => {
      logger.error({ err: error, locale: code }, "translations read failed; serving the default locale's texts");
      return new Map();
    },
  );
  const preview = currentPreview();
  if (!preview || preview.staged.size === 0) return live;
  const suffix = `@${code}`;
  let merged: Map<string, unknown> | undefined;
  for (const [key, value] of preview.staged) {
    if (!key.endsWith(suffix)) continue;
    merged ??= new Map(live);
    const record = key.slice(0, -suffix.length);
    if (value === null) merged.delete(record);
    else merged.set(record, value);
  }
  return merged ?? live;
}

/** Menu labels in the request's locale: its own, the default locale's, else the item's. */
export async function localizeMenu(items: Promise<MenuItemRow[]>, chain: string[]): Promise<MenuItemRow[]> {
  const [rows, ...translations] = await Promise.all([items, ...chain.map((code) => translationsIn(code))]);
  return rows.map((item) => {
    const record = menuRecordKey(item.id).text;
    for (const values of translations) {
      const label = (values.get(record) as { displayName?: string } | undefined)?.displayName;
      if (label?.trim()) return { ...item, displayName: label };
    }
    return item;
  });
}

/** A locale's translations, read once per content version (a failed read is not kept). */
function keptRead<K, V>(cache: Map<K, Promise<V>>, key: K, read: () => Promise<V>, fallback: (error: unknown) => V): Promise<V> {
  const kept = cache.get(key);
  if (kept) return kept;
  const reading: Promise<V> = read().catch((error: unknown) => {
    if (cache.get(key) === reading) cache.delete(key);
    if (isConnectionError(error)) throw error;
    return fallback(error);
  });
  cache.set(key, reading);
  return reading;
}

// The locales visitors have read are read ahead for the next version, one read each.
addContentReader({
  name: "translations",
  async prepare(db) {
    const translations = await Promise.all(
      [...translationCache.keys()].map(async (code) => [code, await readTranslationsIn(db, code)] as const),
    );
    return () => {
      translationCache = new Map(translations.map(([code, values]) => [code, Promise.resolve(values)]));
      localizedCache = new Map();
    };
  },
  drop() {
    translationCache = new Map();
    localizedCache = new Map();
  },
});
