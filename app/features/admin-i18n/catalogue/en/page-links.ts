import type { Catalogue } from "../shape";

/** The Page Links panel in English (the specification's texts). */
export const pageLinks = {
  title: "Page Links",
  add: "Add Page Link",
  loading: "Loading page links...",
  fetchFailed: "Failed to fetch page links",
  empty: "No page links yet.",
  error: "Error",
  pageName: "Page Name",
  pageNamePlaceholder: "e.g. about, services",
  pageUrl: "Page URL",
  addLink: "Add Link",
  cancel: "Cancel",
  added: "Page link added successfully",
  addFailed: "Failed to add page link",
  cardTitle: (p: { name: string }) => `${p.name} Page`,
  notSet: "Not set",
  openInNewTab: (p: { title: string }) => `Open ${p.title} in a new tab`,
  urlLabel: (p: { title: string }) => `${p.title} URL`,
  save: "Save",
  saving: "Saving...",
  updated: "Page URL updated successfully",
  updateFailed: "Failed to update page URL",
} satisfies Catalogue["pageLinks"];
