import { z } from "zod";
import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import { contentTypes, legalPageNames, type ContentType } from "~/features/content/catalogue/types";
import { versionField } from "~/features/records/schema";
import { effectiveDocumentOf } from "./effective/keys";

/** The exact messages of the site content tab, as the dashboard shows them. */
export const contentMessages = {
  pageNameRequired: "Page name is required",
  pageNameTooLong: "Page name too long",
  sectionNameRequired: "Section name is required",
  sectionNameTooLong: "Section name too long",
  nameFormat: 'Use lower-case letters, digits, "-" and "_" only',
  globalReserved: "Global settings are edited in the Global settings tab",
  effectiveReserved: "An effective date is set in a release, on the Legal pages or Fees tab",
  contentTooLong: "Content too long",
  contentType: "Choose a content type",
  notFound: "Content not found",
  duplicate: "Content for this page and section already exists",
  fetchFailed: "Failed to fetch content",
  updateFailed: "Failed to update content",
  deleteFailed: "Failed to delete content",
  addFailed: "Failed to add content",
  clearFailed: "Failed to clear existing content",
  initializeFailed: "Failed to initialize content",
  updated: "Content updated successfully",
  deleted: "Content deleted successfully",
  added: "Content added successfully",
  initialized: "All website content has been initialized successfully!",
} as const;

/** Limits of stored content. */
export const MAX_CONTENT_VALUE = 200_000;
export const MAX_NAME_LENGTH = 50;
/** Text values longer than this get a multi-line editor. */
export const LONG_TEXT_THRESHOLD = 100;

/**
 * Page and section names are keys that also appear in upload addresses and the catalogue,
 * so they keep the catalogue's shape (home, aml-kyc, hero_title).
 */
const NAME_FORMAT = /^[a-z0-9_-]+$/;

const name = (required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(MAX_NAME_LENGTH, tooLong).regex(NAME_FORMAT, contentMessages.nameFormat);

const contentValue = z.string().max(MAX_CONTENT_VALUE, contentMessages.contentTooLong);

/** The Add Content form: page name and section name required. */
export const contentAddSchema = z
  .object({
    pageName: name(contentMessages.pageNameRequired, contentMessages.pageNameTooLong).refine(
      (page) => page !== "global",
      contentMessages.globalReserved,
    ),
    sectionName: name(contentMessages.sectionNameRequired, contentMessages.sectionNameTooLong),
    contentType: z.enum(contentTypes, { error: contentMessages.contentType }).default("text"),
    contentValue: contentValue.default(""),
  })
  // A page's effective date goes live only through a release scheduled for it (docs/effective-dates.md).
  .refine((row) => !isEffectiveDateRow(row.pageName, row.sectionName), {
    path: ["sectionName"],
    message: contentMessages.effectiveReserved,
  });

/** Whether a page content row is a document's effective date (`terms/effective_from`), which this tab does not edit. */
export const isEffectiveDateRow = (page: string, section: string) => effectiveDocumentOf(`${page}/${section}`) !== undefined;

export type ContentAdd = z.infer<typeof contentAddSchema>;

const contentId = z.coerce.number({ error: contentMessages.notFound }).int().positive(contentMessages.notFound);

/** One section card's Save: which row, and its new value. */
export const contentUpdateSchema = z.object({ id: contentId, contentValue, version: versionField });

/** One section card's Delete. */
export const contentDeleteSchema = z.object({ id: contentId });

/** One row of the site content tab as the dashboard receives it. */
export interface ContentEntry {
  id: number;
  pageName: string;
  sectionName: string;
  contentType: ContentType;
  contentValue: string;
  updatedAt: string;
}

/** The legal pages' HTML is written in the Legal pages tab, with its editor and sanitiser. */
export function isLegalPageRow(page: string, section: string) {
  return section === LEGAL_SECTION && (legalPageNames as readonly string[]).includes(page);
}

/** Which editor a section card of the Site content tab shows for a value. */
export function editorFor(row: Omit<ContentEntry, "id" | "updatedAt">) {
  if (isLegalPageRow(row.pageName, row.sectionName)) return "legal" as const;
  if (row.contentType === "image") return "image" as const;
  if (row.contentType === "rich_text") return "html" as const;
  if (row.contentType === "text" && row.contentValue.length > LONG_TEXT_THRESHOLD) return "multiline" as const;
  return "line" as const;
}
