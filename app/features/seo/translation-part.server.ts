// The fixed pages' SEO texts as a part of a locale's translation (app/features/content/
// translation-parts.server.ts): counted in its completeness, and in its XLIFF file one unit per
// page's title and description that has a text to translate (`seo/fees.title`), taken back into
// the page's translation record beside its other fields, in the import's one group write. A unit whose text is the fallback shown, with none of the locale's own, stores nothing.
import { contentRecordKey } from "~/features/content/records.server";
import type { PlannedChange, WriteContext } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import { FIXED_SEO_PAGE } from "./fixed-page-seo";
import {
  countedSeoFields,
  localizedSeoFields,
  translatedSeo,
  type FixedSeoLocaleView,
  type LocalizedSeoField,
} from "./fixed-page-seo-locale";
import { fixedSeoCounts, fixedSeoLocaleView } from "./fixed-page-seo-locale.server";
import type { TranslationPart, TranslationPartUnit } from "~/features/content/translation-parts.server";
import { pageSeoSchema } from "./seo-fields";
import { xliffMessages } from "~/features/content/translation-schema";

type CountedField = (typeof countedSeoFields)[number];
interface SeoWanted {
  page: string;
  field: CountedField;
  value: string;
}

const UNIT = /^seo\/([a-z0-9_-]{1,100})\.(title|description)$/;

type SeoUnit = TranslationPartUnit;

/** The locale's SEO texts as units: the default locale's text as the source, the locale's own as the target. */
function seoUnits(view: FixedSeoLocaleView): SeoUnit[] {
  return view.pages.flatMap((page) =>
    countedSeoFields
      .filter((field) => page.fields[field].origin !== "default")
      .map((field) => {
        const value = page.fields[field];
        return {
          id: `${FIXED_SEO_PAGE}/${page.id}.${field}`,
          name: `SEO · ${page.path} · ${field}`,
          stale: value.stale,
          // Without the locale's own text, the one the site shows; with it, the one it replaced.
          source: value.fallback,
          ...(value.origin === "own" ? { target: value.own } : {}),
        };
      }),
  );
}

/** A unit's target checked as the field checks it (plain text, the field's length), or the message that refuses it. */
function checkSeoUnit(view: FixedSeoLocaleView, id: string, target: string): { wanted: SeoWanted } | { problem: string } | undefined {
  const match = UNIT.exec(id);
  const page = match && view.pages.find((entry) => entry.id === match[1]);
  if (!match || !page) return undefined;
  const field = match[2] as CountedField;
  if (/<\s*\/?\s*[a-z!?]/i.test(target)) return { problem: xliffMessages.markup };
  const parsed = pageSeoSchema.shape[field].safeParse(target);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? "" };
  return { wanted: { page: page.id, field, value: parsed.data } };
}

/** The changes the SEO units make: each page's translation record with its new texts (its other fields kept). */
async function planSeoImport(context: WriteContext, code: string, view: FixedSeoLocaleView, wanted: SeoWanted[]): Promise<PlannedChange[]> {
  const pages = [...new Set(wanted.map((unit) => unit.page))];
  const keys = pages.map((page) => contentRecordKey(FIXED_SEO_PAGE, page, code));
  const stored = await context.readMany(keys);
  const changes: PlannedChange[] = [];
  pages.forEach((page, index) => {
    const key = keys[index]!;
    const current = translatedSeo(stored.get(key.text));
    const own = Object.fromEntries(localizedSeoFields.map((field) => [field, current?.[field].trim() ?? ""])) as Record<
      LocalizedSeoField,
      string
    >;
    const shown = view.pages.find((entry) => entry.id === page)!.fields;
    const next = { ...own };
    for (const unit of wanted.filter((entry) => entry.page === page)) {
      // The text the site shows without a translation is never stored as one.
      if (own[unit.field] === "" && unit.value === shown[unit.field].fallback.trim()) continue;
      next[unit.field] = unit.value;
    }
    if (localizedSeoFields.every((field) => next[field] === own[field])) return;
    changes.push({
      key,
      after: {
        pageName: FIXED_SEO_PAGE,
        sectionName: page,
        contentType: "text",
        contentValue: JSON.stringify({ ...next, noindex: false }),
        richContent: null,
        pageUrl: null,
      },
    });
  });
  return changes;
}

/** The fixed pages' SEO texts as a part of every locale's translation (its completeness and its XLIFF file). */
export const fixedSeoTranslationPart: TranslationPart<FixedSeoLocaleView, SeoWanted> = {
  name: "page-seo",
  read: (db: Database, code: string) => fixedSeoLocaleView(db, code),
  counts: fixedSeoCounts,
  units: seoUnits,
  owns: (id) => id.startsWith(`${FIXED_SEO_PAGE}/`),
  check: checkSeoUnit,
  plan: planSeoImport,
};
