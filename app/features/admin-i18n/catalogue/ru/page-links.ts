/**
 * The Page Links panel of the settings. Its texts are the specification's, which gives them in
 * English; the rest follow them.
 */
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
};
