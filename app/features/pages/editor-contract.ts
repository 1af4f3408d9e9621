import type { Block } from "./blocks/blocks";
import type { PageSummary } from "./schema";
import type { PageSeoFields } from "~/features/seo/seo-fields";

export interface SeoDefaults {
  siteTitle: string;
  description: string;
  ogImage: string;
}

/** One page open in the editor: its blocks (repaired as the site reads them), SEO and version. */
export interface PageEditorData {
  page: PageSummary;
  version: number;
  blocks: Block[];
  seo: PageSeoFields;
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
