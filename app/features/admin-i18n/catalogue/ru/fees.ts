/**
 * The 'Цены и тарифы' tab. The sub-tabs, buttons and toasts are the specification's (in English
 * there, so in both catalogues alike).
 */
export const fees = {
  title: "Цены и тарифы",
  sections: "Разделы страницы тарифов",
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
};
