// A published landing page as the site renders it, read once per content version.
import { and, asc, eq, sql } from "drizzle-orm";
import { landingPages, recordTranslations } from "~/db/schema";
import { prefixCode, servesPrefix } from "~/features/locales/routing.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { currentPreview } from "~/features/records/preview-context.server";
import { overlay } from "~/features/records/overlay";
import { tryParseKey } from "~/features/records/kinds";
import { kindGroup, noteRead } from "~/features/records/read-tags.server";

const isPageKey = (key: string) => tryParseKey(key)?.kind === "landing-page";
import { getPageContent, onContentChange } from "~/features/content/read.server";
import { describeUpload } from "~/features/uploads/images.server";
import type { ImageInfo } from "~/features/uploads/upload-url";
import { getDb, type Database } from "~/platform/db.server";
import { readBlocks, type Block } from "./blocks/blocks";
import { sanitizeBlocks } from "./pages.server";
import { lookupAddress, lookupStagedAddress, resolveLinksDeep, type AddressAnswer } from "./public-index.server";
import { readSeo } from "~/features/seo/seo-fields";
import { isPageTranslation, pageKey, pageRecordKey, pageSnapshot, type PageRecord, type PageTranslation } from "./internal/records.server";
import type { LandingPageView } from "./view";

/** Blocks whose components read the live fees content. */
const FEES_BLOCKS = new Set(["plans", "fee_comparison"]);

/** What a page's render needs, from the page itself or from its version in a locale (its address with the prefix). */
type PageContent = Pick<PageRecord, "id" | "title" | "path" | "status" | "seo" | "blocks">;

/** A page or a version as rendered at its address: a version's address carries its locale's prefix. */
const contentOf = (value: PageRecord): PageContent =>
  isPageTranslation(value) ? { ...value, path: `/${value.locale}${value.path}`.toLowerCase() } : value;

/** The address without its locale's prefix and that locale, for a version's address (`/de/aktion`); undefined for the default locale's. */
function versionAddress(path: string): { locale: string; path: string } | undefined {
  const code = prefixCode(path);
  if (code === undefined || code === DEFAULT_LOCALE) return undefined;
  return { locale: code, path: path.slice(code.length + 1) || "/" };
}

/** The published versions (in a locale) at an address, by key. */
async function readPublishedVersions(db: Database, path: string): Promise<Map<string, PageContent>> {
  const address = versionAddress(path);
  if (!address) return new Map();
  const rows = await db
    .select()
    .from(recordTranslations)
    .where(
      and(
        sql`${recordTranslations.record} like 'page:%'`,
        eq(recordTranslations.locale, address.locale),
        sql`${recordTranslations.value} ->> 'path' = ${address.path}`,
        sql`${recordTranslations.value} ->> 'status' = 'published'`,
      ),
    );
  return new Map(
    rows.map((row) => {
      const version = row.value as PageTranslation;
      return [pageRecordKey(version.id, version.locale).text, contentOf(version)];
    }),
  );
}

export async function readPublishedPage(db: Database, path: string): Promise<LandingPageView | undefined> {
  const [version] = (await readPublishedVersions(db, path.toLowerCase())).values();
  if (version) return pageView(version);
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.path, path.toLowerCase()), eq(landingPages.status, "published")));
  return row ? pageView(pageSnapshot(row)!) : undefined;
}

async function pageView(row: PageContent): Promise<LandingPageView> {
  const blocks = resolveLinksDeep(sanitizeBlocks(readBlocks(row.blocks)));
  const [fees, images] = await Promise.all([
    blocks.some((block) => FEES_BLOCKS.has(block.type)) ? getPageContent("fees") : undefined,
    blockImages(blocks),
  ]);
  return { id: row.id, title: row.title, path: row.path, seo: readSeo(row.seo), blocks, fees, images };
}

/** Every image field's address in the blocks' data (`{ src }` at any depth, so new block types need nothing here). */
function imageSources(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) imageSources(item, found);
  else if (value && typeof value === "object") {
    const src = (value as { src?: unknown }).src;
    if (typeof src === "string" && src.trim()) found.add(src.trim());
    for (const nested of Object.values(value)) imageSources(nested, found);
  }
  return found;
}

/** The recorded size and WebP copies of the blocks' uploaded images, by address (uploads without a record are left out). */
async function blockImages(blocks: Block[]): Promise<Record<string, ImageInfo>> {
  const entries = await Promise.all(
    [...imageSources(blocks.map((block) => block.data))].map(async (url) => [url, await describeUpload(url)] as const),
  );
  return Object.fromEntries(entries.filter((entry): entry is [string, ImageInfo] => entry[1] !== undefined));
}

const cache = new Map<string, Promise<LandingPageView | undefined>>();
onContentChange(() => cache.clear());

/** The published page at this address, or undefined; kept until the next content change. */
export function getPublishedPage(path: string): Promise<LandingPageView | undefined> {
  const key = path.toLowerCase();
  let cached = cache.get(key);
  if (!cached) {
    cached = readPublishedPage(getDb(), key).catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, cached);
  }
  return cached;
}

/** Published pages that search engines may index: the sitemap lists them. */
export async function listIndexablePagePaths(db: Database): Promise<string[]> {
  const rows = await db
    .select({ path: landingPages.path, seo: landingPages.seo })
    .from(landingPages)
    .where(eq(landingPages.status, "published"))
    .orderBy(asc(landingPages.path));
  return rows.filter((row) => !readSeo(row.seo).noindex).map((row) => row.path);
}

/** The release's staged records when this request is a preview of one that stages pages; else undefined. */
function previewDraft() {
  const staged = currentPreview()?.staged;
  return staged && [...staged.keys()].some(isPageKey) ? staged : undefined;
}

/**
 * The answer for an address no fixed route takes. In a preview, as the release would leave the
 * site (its staged pages and redirects, deletions included, then live ones it does not change),
 * with no hit counted. Visitors (no preview) get the address index's answer, live records only.
 */
export function lookupRequestedAddress(pathname: string, query: string): AddressAnswer | undefined {
  const preview = currentPreview();
  if (!preview) return lookupAddress(pathname, query);
  return lookupStagedAddress(pathname, query, preview.staged);
}

/** The page at this address for this request: in a preview, as the release would leave it (never cached). */
export async function getRequestedPage(pathname: string): Promise<LandingPageView | undefined> {
  const draft = previewDraft();
  if (!draft) {
    const version = versionAddress(pathname);
    // A page's version answers only while its locale is served (the page cache asks the same).
    if (version && !servesPrefix(version.locale)) return undefined;
    const page = await getPublishedPage(pathname);
    // A page answers for its record; an unknown address for every page and redirect that may take it.
    if (page) noteRead(version ? pageRecordKey(page.id, version.locale).text : pageKey(page.id));
    else noteRead(kindGroup("page"), kindGroup("redirect"));
    return page;
  }
  const path = pathname.toLowerCase();
  const live = await readPublishedPages(getDb(), path);
  const staged = new Map([...draft].map(([key, value]) => [key, value && isPageKey(key) ? contentOf(value as PageRecord) : value]));
  const page = [...overlay(live, staged, isPageKey).values()].find(
    (candidate) => candidate.path === path && candidate.status === "published",
  );
  return page ? pageView(page) : undefined;
}

/** The published page (or version) at the address by key, for a preview's overlay (the draft may move or unpublish it). */
async function readPublishedPages(db: Database, path: string): Promise<Map<string, PageContent>> {
  const rows = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.path, path), eq(landingPages.status, "published")));
  const pages = new Map<string, PageContent>(rows.map((row) => [pageKey(row.id), pageSnapshot(row)!]));
  for (const [key, version] of await readPublishedVersions(db, path)) pages.set(key, version);
  return pages;
}
