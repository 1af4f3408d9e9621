/** The writes of the site content tab, as the forms post them in `intent`. */
export const contentIntents = {
  update: "update-content",
  delete: "delete-content",
  add: "add-content",
  initialize: "initialize-content",
} as const;

/** The same tab's writes in another locale (its translations, and a translated XLIFF file). */
export const translationIntents = { save: "save-translation", importXliff: "import-xliff" } as const;

export const CONTENT_ACTION = "/admin/content";
