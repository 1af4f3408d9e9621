/** The writes of 'SEO страниц': one fixed page's fields in the default locale, or in another locale. */
export const seoIntents = {
  save: "save-fixed-seo",
  saveTranslation: "save-fixed-seo-translation",
} as const;
