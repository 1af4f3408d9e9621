import { useRootData } from "~/components/root-data";
import type { BrowserTexts } from "~/features/locales/public-texts";

/**
 * The fixed texts of a page in a locale other than English (from the root's data); undefined on
 * an English page, whose components write their English texts as they are (no table in the bundle).
 */
export function usePublicTexts(): BrowserTexts | undefined {
  return useRootData()?.texts;
}
