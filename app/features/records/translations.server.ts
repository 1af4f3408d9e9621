// A record's values in the locales other than the default: one table for every kind
// (record_translations). A kind keeps its default-locale values in its own table and hands the
// keys of other locales here from its `read` and `apply`, so a translation is written by the one
// pipeline (write.server.ts) like any value: staged, previewed, published, restored, logged.
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordTranslations } from "~/db/schema";
import { DEFAULT_LOCALE, joinKey, type KeyParts } from "~/platform/record-key";
import type { Executor } from "./executor";

/** Whether a key names a value in another locale than the records' own. */
export const isTranslationKey = (key: KeyParts) => key.locale !== DEFAULT_LOCALE;

/** The key's text in the default locale: the row of the translations table it belongs to. */
export const sourceKeyText = (key: KeyParts) => joinKey({ ...key, locale: DEFAULT_LOCALE });

/** The stored translations of these keys (null: none), by key text. */
export async function readTranslations<V>(executor: Executor, keys: (KeyParts & { text: string })[]): Promise<Map<string, V | null>> {
  const answer = new Map<string, V | null>(keys.map((key) => [key.text, null]));
  if (keys.length === 0) return answer;
  const rows = await executor
    .select()
    .from(recordTranslations)
    .where(
      inArray(
        sql`${recordTranslations.record} || '@' || ${recordTranslations.locale}`,
        keys.map((key) => `${sourceKeyText(key)}@${key.locale}`),
      ),
    );
  const byText = new Map(rows.map((row) => [`${row.record}@${row.locale}`, row.value as V]));
  for (const key of keys) answer.set(key.text, byText.get(`${sourceKeyText(key)}@${key.locale}`) ?? null);
  return answer;
}

/**
 * Makes a translation's live value (null removes it), noting the default-locale text it was
 * written against (`source`): a later change to that text marks the translation stale.
 */
export async function applyTranslation<V>(executor: Executor, key: KeyParts, value: V | null, source: string | null): Promise<V | null> {
  const record = sourceKeyText(key);
  const where = and(eq(recordTranslations.record, record), eq(recordTranslations.locale, key.locale));
  if (value === null) {
    await executor.delete(recordTranslations).where(where);
    return null;
  }
  await executor
    .insert(recordTranslations)
    .values({ record, locale: key.locale, value, source })
    .onConflictDoUpdate({
      target: [recordTranslations.record, recordTranslations.locale],
      set: { value, source, updatedAt: sql`now()` },
    });
  return value;
}

export interface TranslationRow {
  /** The record's key text in the default locale. */
  record: string;
  locale: string;
  value: unknown;
  source: string | null;
  updatedAt: Date;
}

/** Every stored translation in these locales (every locale when absent) whose record starts with `prefix`. */
export async function listTranslations(
  executor: Executor,
  options: { locales?: readonly string[]; prefix?: string } = {},
): Promise<TranslationRow[]> {
  const conditions = [];
  if (options.locales) {
    if (options.locales.length === 0) return [];
    conditions.push(inArray(recordTranslations.locale, [...options.locales]));
  }
  if (options.prefix) conditions.push(sql`starts_with(${recordTranslations.record}, ${options.prefix})`);
  return executor
    .select()
    .from(recordTranslations)
    .where(conditions.length > 0 ? and(...conditions) : undefined);
}
