import type { Catalogue } from "../shape";

/** The 'Other' tab's placeholder in English. */
export const other = {
  placeholderTitle: "Other settings",
  placeholder: "More settings will appear here later.",
} satisfies Catalogue["other"];
