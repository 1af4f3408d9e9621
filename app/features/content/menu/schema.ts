import { z } from "zod";
import { versionField } from "~/features/records/schema";
import { isPageReference } from "~/platform/page-reference";
import { isSafeUrl, urlRules } from "~/platform/safe-url";

/** The exact messages of the menu rules, as the dashboard shows them. */
export const menuMessages = {
  nameRequired: "Display name is required",
  nameTooLong: "Display name too long",
  urlRequired: "URL is required",
  urlTooLong: "URL too long",
  urlStart: "URL must start with /",
  urlOffSite: "URL must point to a page of this site",
  urlCharacters: "URL must not contain spaces, backslashes or control characters",
  menuType: "Menu type must be header or footer",
  sortOrderRange: "Sort order must be between 0 and 999",
  notFound: "Menu item not found",
  createFailed: "Failed to create menu item",
  updateFailed: "Failed to update menu item",
  deleteFailed: "Failed to delete menu item",
  invalid: "Invalid input",
} as const;

export const menuTypes = ["header", "footer"] as const;
export type MenuType = (typeof menuTypes)[number];

export const MAX_DISPLAY_NAME = 100;
export const MAX_MENU_URL = 500;
export const MAX_SORT_ORDER = 999;

/**
 * The admin form reads the order as an integer and anything else as 0, so the
 * server does the same with what a form posts; numbers out of range are still refused.
 */
export function parseSortOrder(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value ?? ""), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * NOTE: browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\evil.com" and
 * "/\t/evil.com" lead to another host just like "//evil.com"; such characters are refused.
 */
const UNSAFE_URL_CHARACTERS = /[\s\\\p{Cc}\p{Cf}]/u;

const menuUrl = z
  .string()
  .trim()
  .min(1, menuMessages.urlRequired)
  .max(MAX_MENU_URL, menuMessages.urlTooLong)
  // A landing page may be named itself (`page:12`), so its link survives a change of address.
  .refine((url) => url.startsWith("/") || isPageReference(url), menuMessages.urlStart)
  .refine((url) => !UNSAFE_URL_CHARACTERS.test(url), menuMessages.urlCharacters)
  .refine((url) => UNSAFE_URL_CHARACTERS.test(url) || isSafeUrl(url, urlRules.sitePathOrPage), menuMessages.urlOffSite);

/** One menu item as the add and edit forms send it. */
export const menuItemSchema = z.object({
  displayName: z.string().trim().min(1, menuMessages.nameRequired).max(MAX_DISPLAY_NAME, menuMessages.nameTooLong),
  url: menuUrl,
  menuType: z.enum(menuTypes, { error: menuMessages.menuType }),
  sortOrder: z.preprocess(
    parseSortOrder,
    z.number().int().min(0, menuMessages.sortOrderRange).max(MAX_SORT_ORDER, menuMessages.sortOrderRange),
  ),
});

export type MenuItemInput = z.infer<typeof menuItemSchema>;

export const menuItemIdSchema = z.object({ id: z.coerce.number().int().positive(menuMessages.notFound) });

/**
 * An edit names the item and any of its fields; the fields left out are taken from the
 * stored item before the whole item is checked with menuItemSchema.
 */
export const menuItemUpdateSchema = menuItemIdSchema.extend({
  displayName: z.string().optional(),
  url: z.string().optional(),
  menuType: z.string().optional(),
  sortOrder: z.union([z.string(), z.number()]).optional(),
  version: versionField,
});

/** Showing or hiding an item on the public site. */
export const menuItemActiveSchema = menuItemIdSchema.extend({
  isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** Field names as the forms post them. */
export type MenuField = keyof MenuItemInput;
