import type { Catalogue } from "../shape";

/** The legal pages tab in English. */
export const legal = {
  title: "Legal pages",
  pages: {
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    "aml-kyc": "AML/KYC Policy",
  },
  success: "Success",
  error: "Error",
  initialized: "Legal pages initialised",
  initFailed: "Could not initialise the legal pages",
  loadFailed: "Could not load the legal pages",
  create: "Create",
  notCreated: (p: { title: string }) => `The page “${p.title}” has not been created yet.`,
  saved: "Page updated successfully",
  validation: "Validation error",
  notFound: "Page not found",
  saveFailed: "Could not update the page",
  save: "Save content",
  saving: "Saving...",
  unknownAction: "Unknown action",
  editorLoading: "Loading the editor...",
  heading: "Heading",
  align: "Alignment",
} satisfies Catalogue["legal"];
