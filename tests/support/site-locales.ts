import { eq } from "drizzle-orm";
import { siteLocales } from "~/db/schema";
import { loadSiteLocales } from "~/features/locales/routing.server";
import { clearContentCache } from "~/features/records/version.server";
import type { Database } from "~/platform/db.server";

export interface SiteLocaleRow {
  code: string;
  state: "draft" | "public";
}

/**
 * Makes these the site's locales beside the default one, in this order (an empty list leaves the
 * default alone), and has the site read them again, as a change in the locales section does.
 */
export async function setSiteLocales(db: Database, list: SiteLocaleRow[]) {
  await db.delete(siteLocales).where(eq(siteLocales.isDefault, false));
  for (const [index, locale] of list.entries()) await db.insert(siteLocales).values({ ...locale, position: index + 1 });
  clearContentCache();
  await loadSiteLocales();
}
