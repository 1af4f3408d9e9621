import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { siteOrigin } from "~/platform/site-url.server";
import { listIndexablePagePaths } from "~/features/pages/public-page.server";
import { listPageLinkPaths, renderSitemap, SITEMAP_PATHS } from "~/features/seo/sitemap.server";
import { getFixedSeo } from "~/features/seo/fixed-page-seo.server";
import { alternatesOf, landingAlternates } from "~/features/seo/locale-alternates.server";
import { publicIndexLoaded, publishedVersions, refreshPublicIndex } from "~/features/pages/public-index.server";
import { servesPrefix } from "~/features/locales/routing.server";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [links, landingPages, fixedSeo] = await Promise.all([
    listPageLinkPaths(db).catch((error: unknown) => {
      logger.error({ err: error }, "page links unavailable for the sitemap");
      return [];
    }),
    listIndexablePagePaths(db).catch((error: unknown) => {
      logger.error({ err: error }, "landing pages unavailable for the sitemap");
      return [];
    }),
    getFixedSeo(),
  ]);
  const fixedPaths = SITEMAP_PATHS.filter((path) => !fixedSeo[path]?.noindex);
  // Each fixed page in every public locale that has it under the fallback policy, with its hreflang set.
  const alternates = new Map(
    (await Promise.all(fixedPaths.map(async (path) => [path, await alternatesOf(path)] as const))).filter(([, set]) => set.length > 0),
  );
  // Landing pages: each with its versions in other locales as one set (landing-page alternates),
  // and a version whose page has no set on its own.
  if (!publicIndexLoaded()) await refreshPublicIndex(db);
  for (const path of landingPages) {
    const set = landingAlternates(path);
    if (set.length > 0) alternates.set(path, set);
  }
  const versions = publishedVersions()
    .filter((version) => servesPrefix(version.locale) && !version.noindex && landingAlternates(version.path).length === 0)
    .map((version) => version.path);
  return new Response(renderSitemap(siteOrigin(request), [...fixedPaths, ...landingPages, ...versions, ...links], alternates), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
