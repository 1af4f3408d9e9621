// A locale's content texts as an XLIFF 2.0 file for a translation agency's tools, and the file
// taken back: every unit checked first (a key of this site, markup only where the field allows
// it, a valid address in an address field), then every changed text written in one group write
// (live, or into the administrator's release), so a refused file writes nothing and a file
// exported and imported unchanged changes nothing. With a release as the target (its page's
// card), the file holds the texts that release stages and goes back into that release only.
import { requireLocale } from "~/features/access/require.server";
import { readDraft, type DraftTarget } from "~/features/records/drafts.server";
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
import type { TranslationField } from "./translation-schema";
import { xliffMessages } from "./translation-schema";
import { readXliff, writeXliff, XliffFileError } from "./xliff-format";
import { translationParts } from "./translation-parts.server";

/** This site's name in its files: the same on every server of the site, another on any other site. */
const siteOriginal = () => `site:${sign("xliff-site", "content").slice(0, 22)}`;

/** The file's one <file> id: `content` for a locale's texts, the release's own for a release's (binds the file to it). */
const fileId = (release: DraftTarget | undefined) => (release ? `release-${release.id}` : "content");

const RELEASE_FILE = /^release-\d+$/;

const stagedText = (value: unknown) => {
  const text = (value as { contentValue?: unknown } | null)?.contentValue;
  return typeof text === "string" && text.trim() !== "" ? text : "";
};

/**
 * The locale's fields as the file carries them. Without a release: every key, live. With one: the
 * keys the release stages in the locale or in the default locale (a changed source is a text to
 * translate), each as the release leaves it: its source the default locale's text after the
 * release, its translation the release's staged one (or the live one it keeps).
 */
async function fileFields(db: Database, code: string, release: DraftTarget | undefined): Promise<TranslationField[]> {
  const view = await translationView(db, code);
  if (!release) return view.fields;
  const draft = await readDraft(db, release.id);
  return view.fields.flatMap((field) => {
    const source = contentRecordKey(field.page, field.section).text;
    const translation = contentRecordKey(field.page, field.section, code).text;
    if (!draft.has(source) && !draft.has(translation)) return [];
    const fallback = draft.has(source) ? stagedText(draft.get(source)) || field.fallback : field.fallback;
    const own = draft.has(translation) ? stagedText(draft.get(translation)) : field.own;
    return [{ ...field, fallback, own, origin: own ? ("own" as const) : field.origin === "own" ? ("fallback" as const) : field.origin }];
  });
}

/**
 * The locale's texts as XLIFF 2.0: every key's source, and its translation where it has one;
 * with a release, only the texts it stages (fileFields).
 */
export async function exportXliff(db: Database, code: string, actor: Person, release?: DraftTarget) {
  requireLocale(actor, code);
  // Other features' texts (the fixed pages' SEO titles and descriptions) go into a locale's file:
  // they read their live values, so a release's file holds the content keys it stages alone.
  const [fields, parts] = await Promise.all([fileFields(db, code, release), release ? [] : readParts(db, code)]);
  return writeXliff({
    srcLang: DEFAULT_LOCALE,
    trgLang: code,
    original: siteOriginal(),
    fileId: fileId(release),
    units: [
      ...fields.map((field) => {
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

const formatNote = (type: ContentType) =>
  type === "rich_text"
    ? "HTML: headings, paragraphs, lists, bold, italic, underline, strike and links only"
    : type === "url"
      ? "an address: a path of this site or an http(s) address"
      : "plain text: no markup";

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

/** The file read, or refused whole: not XLIFF, another site's, another release's (or target's), other languages, empty. */
function readFileFor(xliff: string, code: string, release: DraftTarget | undefined) {
  let file;
  try {
    file = readXliff(xliff);
  } catch (error) {
    if (error instanceof XliffFileError) throw new Refusal(400, error.message);
    throw error;
  }
  if (file.original !== siteOriginal()) throw new Refusal(400, xliffMessages.otherSite);
  // A release's file goes back into that release only; a locale's file never into a release.
  if (release ? file.fileIds.some((id) => id !== fileId(release)) : file.fileIds.some((id) => RELEASE_FILE.test(id)))
    throw new Refusal(400, release ? xliffMessages.otherRelease : xliffMessages.releaseFile);
  if (file.srcLang !== DEFAULT_LOCALE || file.trgLang !== code) throw new Refusal(400, xliffMessages.otherLanguage);
  if (file.units.length === 0 && file.problems.length === 0) throw new Refusal(400, xliffMessages.empty);
  return file;
}

/**
 * Takes a translated XLIFF file of the locale. Refused whole (nothing written) when it is not a
 * file of this site and locale, or when any unit is refused (each named with its message).
 * With a release, the file must be that release's, and every change is staged into it (never
 * live, whatever the administrator drafts in); the caller checks the release takes changes.
 * Answers how many texts changed.
 */
export async function importXliff(db: Database, code: string, xliff: string, actor: Person, release?: DraftTarget) {
  requireLocale(actor, code);
  const file = readFileFor(xliff, code, release);
  // Any text of the site may be translated into a release, not only those it stages already;
  // what is shown without a translation is the default text as the release leaves it.
  const [view, parts] = await Promise.all([translationView(db, code), readParts(db, code)]);
  const staged = release
    ? new Map((await fileFields(db, code, release)).map((field) => [`${field.page}/${field.section}`, field]))
    : undefined;
  const fields = new Map(
    view.fields.map((field) => [`${field.page}/${field.section}`, staged?.get(`${field.page}/${field.section}`) ?? field]),
  );
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
    group: {
      kind: "content.import_translations",
      area: "content",
      details: { locale: code, ...(release ? { release: release.name } : {}) },
    },
    ...(release ? { draft: release } : {}),
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
