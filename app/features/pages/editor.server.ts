import { getSettings } from "~/features/content/read.server";
import { currentDraft, readDraft } from "~/features/records/drafts.server";
import { listAsDrafted } from "~/features/records/read.server";
import { tryParseKey } from "~/features/records/kinds";
import { latestVersions } from "~/features/records/revisions.server";
import type { Executor } from "~/features/records/revisions.server";
import { and, isNotNull } from "drizzle-orm";
import { landingPages, mediaFileInfo } from "~/db/schema";
import { objectPositionOf } from "~/features/media/info";
import { readBlocks } from "./blocks/blocks";
import { toSummary } from "./pages.server";
import type { PageSnapshot } from "./internal/records.server";
import { isDisclaimerRequired } from "./policy.server";
import { readSeo } from "~/features/seo/seo-fields";
import { isDefaultLocaleKey, pageKey, pageRecordKey, type PageTranslation } from "./internal/records.server";
import type { EditorLocale, PageEditorData, PagesSectionData, SeoDefaults } from "./editor-contract";
import { listSiteLocales } from "~/features/locales/locales.server";
import { localeName } from "~/features/locales/allow-list";
import { getDb, type Database } from "~/platform/db.server";

/** The site's locales for the editor's selector, the default first; none with one locale. */
export async function editorLocales(db: Database): Promise<EditorLocale[]> {
  const locales = await listSiteLocales(db);
  if (locales.length < 2) return [];
  return [...locales]
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((locale) => ({ code: locale.code, name: localeName(locale.code), isDefault: locale.isDefault }));
}

/**
 * The site-wide values a page's empty SEO fields fall back to (and the previews show), and each
 * upload's focal point as `object-position`: the social card's preview crops around it, as the
 * shared image does (media/focal.server.ts).
 */
export async function seoDefaults(db: Database = getDb()): Promise<SeoDefaults> {
  const [settings, points] = await Promise.all([
    getSettings(),
    db
      .select({ name: mediaFileInfo.name, x: mediaFileInfo.focalX, y: mediaFileInfo.focalY })
      .from(mediaFileInfo)
      .where(and(isNotNull(mediaFileInfo.focalX), isNotNull(mediaFileInfo.focalY))),
  ]);
  return {
    siteTitle: settings.site_title ?? "",
    description: settings.site_description ?? "",
    ogImage: settings.og_image_url?.trim() || "/og-image.png",
    imagePositions: Object.fromEntries(points.map(({ name, x, y }) => [`/uploads/${name}`, objectPositionOf({ x: x!, y: y! })!])),
  };
}

/** The ids of a kind's records the administrator's open release stages (none without one). */
export async function stagedIdsOf(db: Executor, userId: string, kind: "landing-page" | "redirect") {
  const draft = await currentDraft(db, userId);
  if (!draft) return { draftId: undefined, ids: [] as number[] };
  const keys = [...(await readDraft(db, draft.id)).keys()].map((key) => tryParseKey(key)).filter((key) => key?.kind === kind);
  return { draftId: draft.id, ids: keys.map((key) => Number(key!.id)) };
}

/**
 * The list of pages, the policy and, when one is open, that page's editor: as the
 * administrator's open release leaves them (the store's one overlay), so a staged page is
 * listed and edited as staged.
 */
export async function loadPagesSection(db: Executor, openId: number | undefined, userId: string, locale?: string) {
  const { draftId, ids: stagedIds } = await stagedIdsOf(db, userId, "landing-page");
  const [records, live, disclaimerRequired] = await Promise.all([
    listAsDrafted(db, "landing-page", draftId),
    db.select({ id: landingPages.id, updatedAt: landingPages.updatedAt }).from(landingPages),
    isDisclaimerRequired(db),
  ]);
  const updated = new Map(live.map((row) => [row.id, row.updatedAt]));
  const rows = [...records]
    .filter(([key]) => isDefaultLocaleKey(key))
    .map(([, page]) => page)
    .map((page) => ({
      ...(page as PageSnapshot),
      updatedAt: (!stagedIds.includes((page as PageSnapshot).id) && updated.get((page as PageSnapshot).id)) || new Date(),
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let editor: PageEditorData | null = null;
  const row = openId === undefined ? undefined : rows.find((page) => page.id === openId);
  if (row && locale) {
    // The page's version in that locale; before its first save, the page's own fields to translate from.
    const key = pageRecordKey(row.id, locale).text;
    const own = records.get(key) as PageTranslation | undefined;
    const versions = await latestVersions(db, [key]);
    const base = own ?? { title: row.title, path: row.path, status: "draft" as const, blocks: row.blocks, seo: row.seo };
    editor = {
      page: { ...toSummary(row), title: base.title, path: base.path, status: base.status, unpublishedRedirect: null },
      version: versions[key] ?? 0,
      blocks: readBlocks(base.blocks),
      seo: readSeo(base.seo),
      translation: { locale, saved: own !== undefined },
    };
  } else if (row) {
    const versions = await latestVersions(db, [pageKey(row.id)]);
    editor = { page: toSummary(row), version: versions[pageKey(row.id)] ?? 0, blocks: readBlocks(row.blocks), seo: readSeo(row.seo) };
  }
  const section: Omit<PagesSectionData, "stagedIds" | "seoDefaults" | "timeZone" | "locales"> = {
    pages: rows.map(toSummary),
    disclaimerRequired,
    editor,
  };
  return { section, stagedIds };
}
