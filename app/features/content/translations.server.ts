// The content editor in another locale: each key's text there, where it comes from (its own, the
// default locale's as a fallback, or the key's default), whether it went stale, and saving one
// through the record store. A fallback is never saved as a translation: a save of the text shown
// as the fallback, with none of its own, stores nothing.
import { and, eq, inArray } from "drizzle-orm";
import { pageContent, recordTranslations } from "~/db/schema";
import { catalogue, findKey } from "~/features/content/catalogue/catalogue";
import type { PageName } from "~/features/content/catalogue/types";
import { listSiteLocales } from "~/features/locales/locales.server";
import { latestVersions } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { Refusal } from "~/platform/refusal";
import { contentRecordKey } from "./records.server";
import { translationParts } from "./translation-parts.server";
import type { ContentType } from "./catalogue/types";
import { parseSafeUrl, urlRules } from "~/platform/safe-url";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import {
  translationMessages,
  xliffMessages,
  type TranslationField,
  type TranslationSave,
  type TranslationView,
} from "./translation-schema";

/** The longest text one field takes. */
const MAX_FIELD_CHARACTERS = 100_000;

/** A site locale other than the records' own one, or a refusal naming what is wrong. */
async function requireTranslatable(db: Database, code: string) {
  if (code === DEFAULT_LOCALE) throw new Refusal(400, translationMessages.defaultLocale);
  if (!(await listSiteLocales(db)).some((locale) => locale.code === code)) throw new Refusal(404, translationMessages.unknownLocale);
}

const translatable = (type: string) => type !== "image";

/** Every text key of every page in the locale, with its origin, staleness and version. */
export async function translationView(db: Database, code: string): Promise<TranslationView> {
  await requireTranslatable(db, code);
  const [stored, translations] = await Promise.all([
    db.select({ page: pageContent.pageName, section: pageContent.sectionName, value: pageContent.contentValue }).from(pageContent),
    db.select().from(recordTranslations).where(eq(recordTranslations.locale, code)),
  ]);
  const english = new Map(stored.map((row) => [`${row.page}/${row.section}`, row.value]));
  const own = new Map(translations.map((row) => [row.record, row]));
  const keys = (Object.keys(catalogue) as PageName[]).flatMap((page) =>
    catalogue[page].filter((entry) => translatable(entry.type)).map((entry) => ({ page, entry, record: `${page}/${entry.section}` })),
  );
  const versions = await latestVersions(
    db,
    keys.map(({ record }) => `${record}@${code}`),
  );
  const fields: TranslationField[] = keys.map(({ page, entry, record }) => {
    const translation = own.get(record);
    const text =
      ((translation?.value as { contentValue?: string } | undefined)?.contentValue ?? "").trim() === ""
        ? ""
        : (translation!.value as { contentValue: string }).contentValue;
    const englishText = english.get(record) ?? "";
    const fromEnglish = englishText.trim() !== "";
    return {
      page,
      section: entry.section,
      own: text,
      fallback: fromEnglish ? englishText : entry.default,
      origin: text ? "own" : fromEnglish ? "fallback" : "default",
      ...(text || !fromEnglish ? {} : { fallbackFrom: DEFAULT_LOCALE }),
      stale: !!text && (translation?.source ?? "") !== englishText,
      version: versions[`${record}@${code}`] ?? 0,
    };
  });
  // Other features' translated texts count too (the fixed pages' SEO): the figure is the one
  // 'Языки' shows and switching a locale on checks.
  const others = { complete: 0, total: 0, stale: 0 };
  for (const part of translationParts()) {
    const counts = part.counts(await part.read(db, code));
    others.complete += counts.complete;
    others.total += counts.total;
    others.stale += counts.stale;
  }
  return {
    locale: code,
    fields,
    complete: fields.filter((field) => field.origin === "own").length + others.complete,
    total: fields.length + others.total,
    others,
  };
}

/** Whether sanitising dropped a tag or an attribute the text had (markup the field does not allow). */
function droppedMarkup(html: string, clean: string) {
  const skeleton = (text: string) =>
    [...text.matchAll(/<\s*([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((match) => ({
      tag: match[1]!.toLowerCase(),
      attributes: [...match[2]!.matchAll(/([a-z_:][-a-z0-9_:.]*)\s*(?:=|(?=\s|$|\/))/gi)].map((attribute) => attribute[1]!.toLowerCase()),
    }));
  const before = skeleton(html);
  const after = skeleton(clean);
  if (before.length !== after.length) return true;
  return before.some(
    (element, index) => element.tag !== after[index]!.tag || element.attributes.some((name) => !after[index]!.attributes.includes(name)),
  );
}

/**
 * A translation as its field stores it (a legal page's HTML sanitised), or the message that
 * refuses it: markup in plain text or an address, markup the HTML field does not allow, an
 * address that is neither a path of this site nor http(s). The editor and the XLIFF import check the same way.
 */
export function translationValue(type: ContentType, text: string): { value: string } | { problem: string } {
  if (text.length > MAX_FIELD_CHARACTERS) return { problem: xliffMessages.tooLongField };
  if (type === "rich_text") {
    const clean = sanitizeLegalHtml(text);
    return droppedMarkup(text, clean) || /<\s*(script|style|iframe)/i.test(text)
      ? { problem: xliffMessages.htmlNotAllowed }
      : { value: clean };
  }
  // Plain text and addresses: a tag in them is never a translation.
  if (/<\s*\/?\s*[a-z!?]/i.test(text)) return { problem: xliffMessages.markup };
  if (type === "url" && text.trim() !== "" && !parseSafeUrl(text.trim(), urlRules.link)) return { problem: xliffMessages.badUrl };
  return { value: text };
}

/**
 * Saves a key's text in a locale (live, or into the administrator's release). An empty text
 * removes the translation (the fallback shows again); the fallback's own text, with no
 * translation stored, stores nothing. False when nothing was written.
 */
export async function saveTranslation(db: Database, input: TranslationSave, actor: Person) {
  await requireTranslatable(db, input.locale);
  const entry = findKey(input.page, input.section);
  if (!entry || !translatable(entry.type)) throw new Refusal(404, translationMessages.unknownKey);
  const key = contentRecordKey(input.page, input.section, input.locale);
  const [englishRow] = await db
    .select({ value: pageContent.contentValue })
    .from(pageContent)
    .where(and(eq(pageContent.pageName, input.page), inArray(pageContent.sectionName, [input.section])));
  const fallback = englishRow && englishRow.value.trim() !== "" ? englishRow.value : entry.default;
  const checked = input.value.trim() === "" ? { value: input.value } : translationValue(entry.type, input.value);
  if ("problem" in checked) throw new Refusal(400, checked.problem, { fieldErrors: { value: [checked.problem] } });
  const outcome = await writeRecords(db, {
    actor,
    action: "update",
    key,
    version: input.version,
    async plan(_context, before) {
      const hasOwn = before !== null && ((before as { contentValue?: string }).contentValue ?? "").trim() !== "";
      if (input.value.trim() === "") return hasOwn ? { result: true, changes: [{ key, after: null }] } : false;
      if (!hasOwn && checked.value === fallback) return false;
      const after = {
        pageName: input.page,
        sectionName: input.section,
        contentType: entry.type,
        contentValue: checked.value,
        richContent: null,
        pageUrl: null,
      };
      return { result: true, changes: [{ key, after }] };
    },
  });
  return outcome !== false;
}

export { translationCompleteness, translationCompletenessOf } from "./translation-completeness.server";
