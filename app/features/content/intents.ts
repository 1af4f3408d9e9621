/** The writes of the site content tab, as the forms post them in `intent`. */
export const contentIntents = {
  update: "update-content",
  delete: "delete-content",
  add: "add-content",
  initialize: "initialize-content",
} as const;

export const CONTENT_ACTION = "/admin/content";
