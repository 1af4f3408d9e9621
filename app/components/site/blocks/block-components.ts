import type { ComponentType } from "react";
import type { BlockType } from "~/features/pages/blocks/block-types";
import type { BlockProps } from "./block-props";
import { AppDownloadBlock, FaqBlock, FeaturesBlock, FeeComparisonBlock, GiftCardsBlock, HeroBlock, PlansBlock } from "./composed-blocks";
import { CtaBlock, DisclaimerBlock, RichTextBlock, TextImageBlock } from "./own-blocks";

/** The component of each block type (its schema and default are in app/features/pages/blocks/block-types.ts). */
export const blockComponents: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  hero: HeroBlock,
  features: FeaturesBlock,
  text_image: TextImageBlock,
  rich_text: RichTextBlock,
  cta: CtaBlock,
  faq: FaqBlock,
  plans: PlansBlock,
  fee_comparison: FeeComparisonBlock,
  gift_cards: GiftCardsBlock,
  app_download: AppDownloadBlock,
  disclaimer: DisclaimerBlock,
};
