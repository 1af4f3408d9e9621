import { useRouteLoaderData } from "react-router";
import type { SiteSeo } from "~/features/seo/seo";
import type { PageLocale } from "~/features/seo/page-locale";
import type { ImageInfo } from "~/features/uploads/upload-url";
import type { PreviewBanner } from "~/features/releases/preview/banner";
import type { BrowserTexts } from "~/features/locales/public-texts";

/** What the root route's loader (app/root.tsx) hands every page, read by the site's components. */
export interface RootData {
  /** The global settings, loaded once per page for the head and the pages. */
  settings: Record<string, string>;
  seo: SiteSeo;
  /** The brand colours as CSS, computed on the server so the browser needs no colour code. */
  brandCss: string;
  /** Layout of each uploaded image, keyed by its stored path. */
  images: Record<string, ImageInfo>;
  /** S3_PUBLIC_URL: where uploaded images are fetched from, when not from the site. */
  uploadsBase: string | undefined;
  /** In a preview of a release (or of typed values) only: what its banner says. */
  preview: PreviewBanner | null;
  /**
   * The page's locale and its alternates, only where there is more than English alone (a site of
   * one locale sends the same data as before locales): read by the server's render alone.
   */
  locale?: PageLocale;
  /** The fixed texts of a page in a locale other than English (English ones are in the bundle). */
  texts?: BrowserTexts;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
