import type { Block } from "./blocks/blocks";
import type { PageSeoFields } from "./seo-fields";

/** What the public page route hands its component: a published page, its links resolved. */
export interface LandingPageView {
  id: number;
  title: string;
  path: string;
  seo: PageSeoFields;
  blocks: Block[];
  /** The live fees content, when a block shows plans or the fee comparison. */
  fees?: Record<string, string>;
}
