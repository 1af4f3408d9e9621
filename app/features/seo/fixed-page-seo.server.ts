import { eq } from "drizzle-orm";
import { pageContent } from "~/db/schema";
import { previewRows, readPageContent } from "~/features/content/read.server";
import { addContentReader } from "~/features/records/version.server";
import { noteRead, pageContentGroup } from "~/features/records/read-tags.server";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import type { Actor } from "~/features/records/revisions.server";
import { latestVersions } from "~/features/records/revisions.server";
import { emptySeo, type PageSeoFields } from "~/features/seo/seo-fields";
import { currentPreview } from "~/features/records/preview-context.server";
import { withOpenGraphCrops } from "~/features/media/focal.server";
import { getDb, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { isConnectionError } from "~/platform/database-outage.server";
import { translationChain, translationsIn } from "~/features/content/localized-read.server";
import { localizedPath } from "~/features/locales/routing.server";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { localizeSeo, translatedSeo } from "./fixed-page-seo-locale";
import {
  FIXED_SEO_PAGE,
  fixedSeoPageDescriptions,
  fixedSeoPages,
  parseFixedSeo,
  type FixedSeoByPath,
  type FixedSeoEntry,
} from "./fixed-page-seo";

/** The stored rows by page id (section name), raw. */
async function readStored(db: Database): Promise<Record<string, string>> {
  const rows = await db
    .select({ section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageName, FIXED_SEO_PAGE));
  return Object.fromEntries(rows.map((row) => [row.section, row.value]));
}

const byPath = (stored: Record<string, string>): FixedSeoByPath =>
  Object.fromEntries(fixedSeoPages.map((page) => [page.path, parseFixedSeo(stored[page.id])]));

/** Every fixed page's fields straight from the database. */
export async function readFixedSeo(db: Database): Promise<FixedSeoByPath> {
  return byPath(await readStored(db));
}

const isDefault = (seo: PageSeoFields) =>
  (Object.keys(emptySeo) as (keyof PageSeoFields)[]).every((field) => seo[field] === emptySeo[field]);

/**
 * The pages with a field of their own, by address. A page whose fields are all empty is left
 * out: its meta makes the same tags without them (fixedPageMeta), the sitemap lists it, and the
 * public layout's loader data, encoded into every page and every client-side navigation's, stays
 * small (ten pages of empty fields were a tenth of it).
 */
const ownFields = (stored: Record<string, string>): FixedSeoByPath =>
  Object.fromEntries(Object.entries(byPath(stored)).filter(([, seo]) => !isDefault(seo)));

let cached: Promise<Record<string, string>> | undefined;
// The live pages' fields, made from the stored rows they came from (parsing each page's JSON
// for every request was work the rows change only with a content write).
let live: { stored: Record<string, string>; fields: FixedSeoByPath; all: FixedSeoByPath } | undefined;
// Read ahead for the next content version when visitors have asked for it (version.server.ts).
addContentReader({
  name: "fixed pages' SEO",
  async prepare(db) {
    const next = cached && (await readStored(db));
    return () => {
      cached = next && Promise.resolve(next);
      live = undefined;
    };
  },
  drop() {
    cached = undefined;
    live = undefined;
  },
});

/**
 * The public read: the pages with fields of their own (ownFields), kept for the content version; in a preview, with the release applied. Never changed by its callers.
 * A page's own sharing image is shared as the site's others are: an upload with a focal point gives the 1200 × 630 crop around it (media/focal.server.ts).
 */
export async function getFixedSeo(): Promise<FixedSeoByPath> {
  return withOpenGraphCrops(await storedFixedSeo());
}

async function storedFixedSeo(): Promise<FixedSeoByPath> {
  const chain = translationChain();
  if (chain.length === 0) return getDefaultLocaleSeo();
  // In another locale: each field its own value, else the default locale's (fixed-page-seo-locale.ts).
  const [english, ...translations] = await Promise.all([getDefaultLocaleSeo(false), ...chain.map((code) => translationsIn(code))]);
  return localizedFields(english, translations, currentRequestLocale()?.prefix ?? "");
}

// The localized answers per prefix, each kept while the values it was made from are the same
// (the live ones, for the content version); a preview's are made for its request alone.
const localized = new Map<string, { sources: readonly object[]; fields: FixedSeoByPath }>();

function localizedFields(english: FixedSeoByPath, translations: ReadonlyMap<string, unknown>[], prefix: string): FixedSeoByPath {
  const sources = [english, ...translations];
  const kept = localized.get(prefix);
  if (kept?.sources.every((source, index) => source === sources[index])) return kept.fields;
  const fields: FixedSeoByPath = {};
  for (const page of fixedSeoPages) {
    const chain = translations.map((values) => translatedSeo(values.get(`${FIXED_SEO_PAGE}/${page.id}`)));
    const seo = localizeSeo(english[page.path] ?? emptySeo, chain);
    if (!isDefault(seo)) fields[localizedPath(page.path, prefix)] = seo;
  }
  if (!currentPreview()) localized.set(prefix, { sources, fields });
  return fields;
}

async function getDefaultLocaleSeo(onlyOwn = true): Promise<FixedSeoByPath> {
  noteRead(pageContentGroup(FIXED_SEO_PAGE));
  if (!cached) {
    const reading: Promise<Record<string, string>> = readStored(getDb()).catch((error: unknown) => {
      if (cached === reading) cached = undefined;
      // An outage fails the request (a 503), as every content read does (read.server.ts keptRead).
      if (isConnectionError(error)) throw error;
      logger.error({ err: error }, "fixed pages' SEO unavailable; serving the defaults");
      return {};
    });
    cached = reading;
  }
  const stored = await cached;
  const preview = currentPreview();
  if (preview) {
    const live = new Map(
      Object.entries(stored).map(([section, value]) => [
        `${FIXED_SEO_PAGE}/${section}`,
        newContentRow(FIXED_SEO_PAGE, section, "text", value),
      ]),
    );
    const rows = previewRows(FIXED_SEO_PAGE, live, preview);
    const previewed = Object.fromEntries([...rows.values()].map((row) => [row.sectionName, row.contentValue]));
    return onlyOwn ? ownFields(previewed) : byPath(previewed);
  }
  if (live?.stored !== stored) live = { stored, fields: ownFields(stored), all: byPath(stored) };
  return onlyOwn ? live.fields : live.all;
}

/** What the dashboard edits: every fixed page's fields and the version its editor opened with. */
export async function listFixedSeo(db: Database): Promise<FixedSeoEntry[]> {
  const stored = await readStored(db);
  const sources = fixedSeoPages.map((page) => fixedSeoPageDescriptions[page.path]);
  const own = await Promise.all(sources.map(async (source) => (source ? (await readPageContent(db, source.page))[source.section] : "")));
  const versions = await latestVersions(
    db,
    fixedSeoPages.map((page) => `${FIXED_SEO_PAGE}/${page.id}`),
  );
  return fixedSeoPages.map((page, index) => ({
    ...page,
    pageDescription: own[index] ?? "",
    seo: parseFixedSeo(stored[page.id]),
    version: versions[`${FIXED_SEO_PAGE}/${page.id}`] ?? 0,
  }));
}

/**
 * Saves one fixed page's fields through the content write path (a revision, an activity event,
 * staged into an open release, the caches cleared). False when nothing changed.
 */
export async function saveFixedSeo(db: Database, input: { id: string; seo: PageSeoFields; version?: number }, actor: Actor) {
  const value = JSON.stringify(input.seo);
  const written = await writeContentRow(db, {
    page: FIXED_SEO_PAGE,
    section: input.id,
    actor,
    version: input.version,
    action: "update",
    change: (before) => {
      if (before?.contentValue === value) return false;
      return before ? { ...before, contentValue: value } : newContentRow(FIXED_SEO_PAGE, input.id, "text", value);
    },
  });
  return written !== false;
}
