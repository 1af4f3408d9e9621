import { getSettings } from "~/features/content/read.server";
import { latestVersions } from "~/features/history/revisions.server";
import type { Executor } from "~/features/history/revisions.server";
import { readBlocks } from "./blocks/blocks";
import { getPage, listPages, toSummary } from "./pages.server";
import { isDisclaimerRequired } from "./policy.server";
import { readSeo } from "./seo-fields";
import { pageKey } from "./snapshot.server";
import type { PageEditorData, PagesSectionData } from "./editor-contract";

/** The site-wide values a page's empty SEO fields fall back to (and the previews show). */
export async function seoDefaults() {
  const settings = await getSettings();
  return {
    siteTitle: settings.site_title ?? "",
    description: settings.site_description ?? "",
    ogImage: settings.og_image_url?.trim() || "/og-image.png",
  };
}

/**
 * The list of pages, the policy and, when one is open, that page's editor. Read through the
 * administrator's open release (readAsDrafted), so a staged page is listed and edited as staged.
 */
export async function loadPagesSection(
  db: Executor,
  openId: number | undefined,
): Promise<Omit<PagesSectionData, "stagedIds" | "seoDefaults">> {
  const [rows, disclaimerRequired] = await Promise.all([listPages(db), isDisclaimerRequired(db)]);
  let editor: PageEditorData | null = null;
  if (openId !== undefined) {
    const row = await getPage(db, openId);
    if (row) {
      const versions = await latestVersions(db, [pageKey(row.id)]);
      editor = { page: toSummary(row), version: versions[pageKey(row.id)] ?? 0, blocks: readBlocks(row.blocks), seo: readSeo(row.seo) };
    }
  }
  return { pages: rows.map(toSummary), disclaimerRequired, editor };
}
