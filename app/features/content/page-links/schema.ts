import { z } from "zod";
import { isSiteUrl } from "~/features/content/settings/schema";
import { versionField } from "~/features/records/schema";
import { isPageReference } from "~/platform/page-reference";

export const pageLinkMessages = {
  nameRequired: "Page name is required",
  nameTooLong: "Page name too long",
  nameFormat: "Use lower-case letters, digits and hyphens, e.g. about",
  nameReserved: "This page name is reserved",
  urlRequired: "Page URL is required",
  urlFormat: "Enter a path starting with / or an http(s) address",
} as const;

const pageUrl = z
  .string()
  .trim()
  .refine((value) => value === "" || isSiteUrl(value) || isPageReference(value), pageLinkMessages.urlFormat);

/** The Add Page Link form: both fields required. */
export const addPageLinkSchema = z.object({
  pageName: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, pageLinkMessages.nameRequired)
    .max(50, pageLinkMessages.nameTooLong)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, pageLinkMessages.nameFormat)
    .refine((name) => name !== "global", pageLinkMessages.nameReserved),
  pageUrl: z.string().trim().min(1, pageLinkMessages.urlRequired).pipe(pageUrl),
});

/** A page link card's edit: an empty URL leaves the page "Not set". */
export const updatePageUrlSchema = z.object({
  id: z.coerce.number().int().positive(),
  pageUrl,
  version: versionField,
});

export type AddPageLink = z.infer<typeof addPageLinkSchema>;

/** A page link as the dashboard shows it. */
export interface PageLink {
  id: number;
  pageName: string;
  pageUrl: string;
}
