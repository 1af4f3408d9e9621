import { registerContentRowKind } from "~/features/content/records.server";
import { registerTranslationPart } from "~/features/content/translation-parts.server";
import { FIXED_SEO_PAGE } from "./fixed-page-seo";
import { fixedSeoTranslationPart } from "./translation-part.server";

/** The fixed pages' SEO fields are page content rows of their own kind (app/record-kinds.server.ts registers it). */
export function registerSeoKinds() {
  registerContentRowKind({ name: "page-seo", area: "content", claims: (page) => page === FIXED_SEO_PAGE });
  // Their titles and descriptions in other locales count in a locale's completeness and travel in its XLIFF file.
  registerTranslationPart(fixedSeoTranslationPart);
}
