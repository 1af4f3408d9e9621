/** The intents of the 'Страницы' section's forms. */
export const pageIntents = {
  create: "create-page",
  save: "save-page",
  publish: "publish-page",
  unpublish: "unpublish-page",
  end: "set-page-end",
  delete: "delete-page",
  policy: "page-policy",
} as const;

/** The intents of the 'Переадресации' section's forms. */
export const redirectIntents = { create: "create-redirect", update: "update-redirect", delete: "delete-redirect" } as const;
