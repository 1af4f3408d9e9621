// A published landing page as the site renders it, read once per content version.
import { and, asc, eq } from "drizzle-orm";
import { landingPages } from "~/db/schema";
import { getPageContent, onContentChange } from "~/features/content/read.server";
import { getDb, type Database } from "~/platform/db.server";
import { readBlocks } from "./blocks/blocks";
import { sanitizeBlocks } from "./pages.server";
import { resolveLinksDeep } from "./public-index.server";
import { readSeo } from "./seo-fields";
import type { LandingPageView } from "./view";

/** Blocks whose components read the live fees content. */
const FEES_BLOCKS = new Set(["plans", "fee_comparison"]);

export async function readPublishedPage(db: Database, path: string): Promise<LandingPageView | undefined> {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.path, path.toLowerCase()), eq(landingPages.status, "published")));
  if (!row) return undefined;
  const blocks = resolveLinksDeep(sanitizeBlocks(readBlocks(row.blocks)));
  const fees = blocks.some((block) => FEES_BLOCKS.has(block.type)) ? await getPageContent("fees") : undefined;
  return { id: row.id, title: row.title, path: row.path, seo: readSeo(row.seo), blocks, fees };
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
