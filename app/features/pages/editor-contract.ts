import type { Block } from "./blocks/blocks";
import type { PageSummary } from "./schema";
import type { PageSeoFields } from "~/features/seo/seo-fields";

export interface SeoDefaults {
  siteTitle: string;
  description: string;
  ogImage: string;
  /** Each upload with a focal point: its `object-position` (`25% 75%`), by address. */
  imagePositions: Record<string, string>;
}

/** One page open in the editor: its blocks (repaired as the site reads them), SEO and version. */
export interface PageEditorData {
  /** The page; for a version in another locale, its title, address and status are the version's. */
  page: PageSummary;
  version: number;
  blocks: Block[];
  seo: PageSeoFields;
  /**
   * The version in another locale open in the editor (absent: the page itself). Not saved yet,
   * the fields hold the default locale's values to translate from: nothing is stored until a save.
   */
  translation?: { locale: string; saved: boolean };
}

/** A locale of the site the editor offers (only when the site has more than one). */
export interface EditorLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

export interface PagesSectionData {
  pages: PageSummary[];
  disclaimerRequired: boolean;
  editor: PageEditorData | null;
  seoDefaults: SeoDefaults;
  /** The site's time zone (SITE_TIME_ZONE): end times are shown and typed in it. */
  timeZone: string;
  /** Pages the administrator's open release stages (shown as staged, not live). */
  stagedIds: number[];
  /** The site's locales, the default first; empty with one locale (no selector then). */
  locales: EditorLocale[];
}

/** A redirect as the manager lists it. */
export interface RedirectView {
  id: number;
  fromPath: string;
  toPath: string;
  status: number;
  automatic: boolean;
  hits: number;
  lastHitAt: string | null;
  version: number;
}

/** Where a block image is uploaded (bytes checked, WebP copies made) without touching any content key. */
export const PAGE_IMAGE_UPLOAD_PATH = "/admin/page-image";
