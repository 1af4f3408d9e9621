import type { BlockData, BlockType } from "~/features/pages/blocks/block-types";
import type { SiteSettings } from "~/components/site/use-site-settings";

/** What every block component is given: its checked data, a page-unique id, settings and live fees. */
export interface BlockProps<T extends BlockType> {
  id: string;
  data: BlockData<T>;
  settings: SiteSettings;
  fees?: Record<string, string>;
  /** The first block leads the page: its image is fetched first. */
  first: boolean;
}
