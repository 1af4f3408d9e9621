// A locale's content texts as an XLIFF 2.0 file for a translation agency's tools, and the file
// taken back: every unit checked first (a key of this site, markup only where the field allows
// it, a valid address in an address field), then every changed text written in one group write
// (live, or into the administrator's release), so a refused file writes nothing and a file
// exported and imported unchanged changes nothing.
import { requireLocale } from "~/features/access/require.server";
import { writeRecords, type PlannedChange } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import { sign } from "~/platform/hmac.server";
import type { Person } from "~/platform/person";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { Refusal } from "~/platform/refusal";
import { findKey } from "./catalogue/catalogue";
import type { ContentType } from "./catalogue/types";
import { contentRecordKey } from "./records.server";
import { translationValue, translationView } from "./translations.server";
import { xliffMessages } from "./translation-schema";
import { readXliff, writeXliff, XliffFileError } from "./xliff-format";
import { translationParts } from "./translation-parts.server";

/** This site's name in its files: the same on every server of the site, another on any other site. */
const siteOriginal = () => `site:${sign("xliff-site", "content").slice(0, 22)}`;

/** The locale's texts as XLIFF 2.0: every key's source, and its translation where it has one. */
export async function exportXliff(db: Database, code: string, actor: Person) {
  requireLocale(actor, code);
  const [view, parts] = await Promise.all([translationView(db, code), readParts(db, code)]);
  return writeXliff({
    srcLang: DEFAULT_LOCALE,
    trgLang: code,
    original: siteOriginal(),
    units: [
      ...view.fields.map((field) => {
        const type = findKey(field.page, field.section)?.type ?? "text";
        return {
          id: `${field.page}/${field.section}`,
          name: `${field.page} · ${field.section}`,
          notes: [
            { category: "format", text: formatNote(type) },
            ...(field.stale ? [{ category: "state", text: "stale: the source changed after this translation was saved" }] : []),
          ],
          source: field.fallback,
          ...(field.origin === "own" ? { target: field.own } : {}),
        };
      }),
      // Other features' texts translated beside the keys (the fixed pages' SEO titles and descriptions), plain text.
      ...parts
        .flatMap((entry) => entry.units)
        .map(({ stale, ...unit }) => ({
          ...unit,
          notes: [
            { category: "format", text: formatNote("text") },
            ...(stale ? [{ category: "state", text: "stale: the source changed after this translation was saved" }] : []),
          ],
        })),
    ],
  });
}

/** Every registered part's texts in the locale, and the ids of its units. */
const readParts = (db: Database, code: string) =>
  Promise.all(
    translationParts().map(async (part) => {
      const state = await part.read(db, code);
      const units = part.units(state);
      return { part, state, units, ids: new Set(units.map((unit) => unit.id)), wanted: [] as unknown[] };
    }),
  );

/** Takes a unit another feature's part owns (checked by it, kept for its plan); false when none owns it. */
function takenByPart(
  parts: Awaited<ReturnType<typeof readParts>>,
  unit: { id: string; target: string | undefined },
  seen: Set<string>,
  refuse: (id: string, message: string) => void,
) {
  const owner = parts.find((entry) => entry.part.owns(unit.id));
  if (!owner) return false;
  if (!owner.ids.has(unit.id)) refuse(unit.id, xliffMessages.unknownKey);
  else if (seen.has(unit.id)) refuse(unit.id, xliffMessages.duplicateKey);
  seen.add(unit.id);
  if (unit.target === undefined || !owner.ids.has(unit.id)) return true;
  const checked = owner.part.check(owner.state, unit.id, unit.target);
  if (!checked) refuse(unit.id, xliffMessages.unknownKey);
  else if ("problem" in checked) refuse(unit.id, checked.problem);
  else owner.wanted.push(checked.wanted);
  return true;
}

const formatNote = (type: ContentType) =>
  type === "rich_text"
    ? "HTML: headings, paragraphs, lists, bold, italic, underline, strike and links only"
    : type === "url"
      ? "an address: a path of this site or an http(s) address"
      : "plain text: no markup";

/**
 * Takes a translated XLIFF file of the locale. Refused whole (nothing written) when it is not a
 * file of this site and locale, or when any unit is refused (each named with its message).
 * Answers how many texts changed.
 */
export async function importXliff(db: Database, code: string, xliff: string, actor: Person) {
  requireLocale(actor, code);
  let file;
  try {
    file = readXliff(xliff);
  } catch (error) {
    if (error instanceof XliffFileError) throw new Refusal(400, error.message);
    throw error;
  }
  if (file.original !== siteOriginal()) throw new Refusal(400, xliffMessages.otherSite);
  if (file.srcLang !== DEFAULT_LOCALE || file.trgLang !== code) throw new Refusal(400, xliffMessages.otherLanguage);
  if (file.units.length === 0 && file.problems.length === 0) throw new Refusal(400, xliffMessages.empty);

  const [view, parts] = await Promise.all([translationView(db, code), readParts(db, code)]);
  const fields = new Map(view.fields.map((field) => [`${field.page}/${field.section}`, field]));
  const problems: Record<string, string[]> = {};
  const refuse = (id: string, message: string) => void (problems[id] ??= []).push(message);
  for (const problem of file.problems) refuse(problem.id, problem.message);
  const seen = new Set<string>();
  const wanted: { id: string; page: string; section: string; type: ContentType; value: string }[] = [];
  for (const unit of file.units) {
    if (takenByPart(parts, unit, seen, refuse)) continue;
    const field = fields.get(unit.id);
    if (!field) {
      refuse(unit.id, xliffMessages.unknownKey);
      continue;
    }
    if (seen.has(unit.id)) refuse(unit.id, xliffMessages.duplicateKey);
    seen.add(unit.id);
    if (unit.target === undefined) continue;
    const type = findKey(field.page, field.section)!.type;
    const checked = translationValue(type, unit.target);
    if ("problem" in checked) refuse(unit.id, checked.problem);
    else wanted.push({ id: unit.id, page: field.page, section: field.section, type, value: checked.value });
  }
  if (Object.keys(problems).length > 0) throw new Refusal(422, xliffMessages.fieldsRefused, { fieldErrors: problems });

  const outcome = await writeRecords(db, {
    actor,
    action: "update",
    group: { kind: "content.import_translations", area: "content", details: { locale: code } },
    async plan(context) {
      const keys = wanted.map((unit) => contentRecordKey(unit.page, unit.section, code));
      const stored = await context.readMany(keys);
      const changes: PlannedChange[] = [];
      wanted.forEach((unit, index) => {
        const key = keys[index]!;
        const own =
          ((stored.get(key.text) as { contentValue?: string } | null)?.contentValue ?? "").trim() === ""
            ? ""
            : (stored.get(key.text) as { contentValue: string }).contentValue;
        if (unit.value === own) return;
        // The text the site shows without a translation is never stored as one.
        if (own === "" && unit.value === fields.get(unit.id)!.fallback) return;
        changes.push({
          key,
          after: {
            pageName: unit.page,
            sectionName: unit.section,
            contentType: unit.type,
            contentValue: unit.value,
            richContent: null,
            pageUrl: null,
          },
        });
      });
      for (const entry of parts)
        if (entry.wanted.length > 0) changes.push(...(await entry.part.plan(context, code, entry.state, entry.wanted)));
      return changes.length === 0 ? false : { result: changes.length, changes };
    },
  });
  return outcome === false ? 0 : outcome.result;
}
