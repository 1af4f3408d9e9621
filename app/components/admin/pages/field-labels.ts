import type { Catalogue } from "~/features/admin-i18n/messages";

type PagesTexts = Catalogue["pages"];

/** The editor's label for a block field (the field names are the schemas' keys); an unknown field shows its name. */
export const fieldLabel = (m: Catalogue, name: string) =>
  Object.hasOwn(m.pages.fields, name) ? m.pages.fields[name as keyof PagesTexts["fields"]] : name;

/** The name of a choice of an enumerated field (`left`, `right`), or the choice itself. */
export const choiceLabel = (m: Catalogue, choice: string) =>
  Object.hasOwn(m.pages.choices, choice) ? m.pages.choices[choice as keyof PagesTexts["choices"]] : choice;

/** Fields edited in a multi-line box. */
export const longFields = new Set(["text", "subtitle", "description", "answer"]);

/** Fields holding HTML, edited in the legal pages' rich-text editor (the server sanitises them). */
export const richTextFields = new Set(["html"]);
