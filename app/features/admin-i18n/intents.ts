/** Where the dashboard posts the account's language. */
export const LANGUAGE_ACTION = "/admin/language";
export const LANGUAGE_INTENT = "language";
