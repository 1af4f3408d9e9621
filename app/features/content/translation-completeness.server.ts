// How far each locale is translated (the figure 'Языки' shows, and the check before a locale is
// switched on publicly): the content keys with a text of their own in the locale, plus the other
// features' translated texts (translation-parts.server.ts). Every locale's figure from one read
// of the translations' texts: the locales page measured each locale with the editor's whole view
// (all content, every translation's stored value, every key's latest version), once per locale,
// after every change to the list; those reads' garbage was the dashboard's peak memory (issue 43).
import { and, inArray, sql } from "drizzle-orm";
import { recordTranslations } from "~/db/schema";
import { catalogue } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import type { Database } from "~/platform/db.server";
import { translationParts } from "./translation-parts.server";

export interface Completeness {
  complete: number;
  total: number;
}

/** Every text key of the catalogue a translation is made for (`home/hero_title`): images stay shared. */
const translatableRecords = (): string[] =>
  (Object.keys(catalogue) as PageName[]).flatMap((page) =>
    catalogue[page].filter((entry) => entry.type !== "image").map((entry) => `${page}/${entry.section}`),
  );

/**
 * Each locale's completeness, keyed by its code: a content key counts as translated where the
 * locale's own text is not blank (the editor's "own"), as in translationView.
 */
export async function translationCompletenessOf(db: Database, codes: readonly string[]): Promise<Record<string, Completeness>> {
  const records = translatableRecords();
  const rows =
    codes.length === 0
      ? []
      : await db
          .select({ locale: recordTranslations.locale, text: sql<string | null>`${recordTranslations.value}->>'contentValue'` })
          .from(recordTranslations)
          .where(and(inArray(recordTranslations.locale, [...codes]), inArray(recordTranslations.record, records)));
  const own = new Map<string, number>();
  for (const row of rows) if ((row.text ?? "").trim() !== "") own.set(row.locale, (own.get(row.locale) ?? 0) + 1);
  const figures: Record<string, Completeness> = {};
  for (const code of codes) {
    let complete = own.get(code) ?? 0;
    let total = records.length;
    // The other parts are small (the fixed pages' SEO texts): each read once per locale.
    for (const part of translationParts()) {
      const counts = part.counts(await part.read(db, code));
      complete += counts.complete;
      total += counts.total;
    }
    figures[code] = { complete, total };
  }
  return figures;
}

/** How many of the locale's content keys and pages' SEO texts have a text of their own: switching a locale on needs all of them. */
export async function translationCompleteness(db: Database, code: string): Promise<Completeness> {
  return (await translationCompletenessOf(db, [code]))[code]!;
}
