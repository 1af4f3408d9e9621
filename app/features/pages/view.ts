import type { ImageInfo } from "~/features/uploads/upload-url";
import type { Block } from "./blocks/blocks";
import type { PageSeoFields } from "~/features/seo/seo-fields";

/** What the public page route hands its component: a published page, its links resolved. */
export interface LandingPageView {
  id: number;
  title: string;
  path: string;
  seo: PageSeoFields;
  blocks: Block[];
  /** The live fees content, when a block shows plans or the fee comparison. */
  fees?: Record<string, string>;
  /**
   * The recorded size and WebP copies of the page's own uploaded images, by stored path (the
   * root loader's `images` knows only the fixed pages' content images).
   */
  images: Record<string, ImageInfo>;
}
