import type { Catalogue } from "../shape";

/** The 'Prices and tariffs' tab in English. */
export const fees = {
  title: "Prices and tariffs",
  sections: "Sections of the fees page",
  groups: {
    general: "General",
    personal: "Personal Plan",
    business: "Business Plan",
    comparison: "Comparison",
    faq: "FAQ",
    cta: "Call to Action",
  },
  save: "Save",
  saving: "Saving...",
  updated: "Content updated successfully",
  updateFailed: "Failed to update content",
  loadFailed: "Failed to load fees content",
  error: "Error",
  unknownAction: "Unknown action",
} satisfies Catalogue["fees"];
