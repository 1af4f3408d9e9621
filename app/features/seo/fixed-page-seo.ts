import { z } from "zod";
import type { PageName } from "~/features/content/catalogue/types";
import { versionField } from "~/features/records/schema";
import { pageSeoSchema, readSeo, type PageSeoFields, type SharedSeoFields } from "~/features/seo/seo-fields";
import { sitemapPagePaths } from "./public-pages.js";
import { seoIntents } from "./intents";

/**
 * The fixed pages' own search and sharing fields are content rows of this page name, one row
 * per page holding the fields as JSON, so history, backups, releases and the page cache treat
 * them like any other content key. The content tab and Initialize All Content leave them alone.
 */
export const FIXED_SEO_PAGE = "seo";

export interface FixedSeoPage {
  /** The row's section name. */
  id: string;
  path: string;
}

const idOf = (path: string) => (path === "/" ? "index" : path.slice(1));

/** The fixed pages search engines see (every public page but sign-in and sign-up). */
export const fixedSeoPages: readonly FixedSeoPage[] = sitemapPagePaths.map((path) => ({ id: idOf(path), path }));

export const fixedSeoPageFor = (path: string) => fixedSeoPages.find((page) => page.path === path);
export const fixedSeoPageById = (id: string) => fixedSeoPages.find((page) => page.id === id);

/** A stored value as the site reads it: anything unreadable means "use the defaults". */
export function parseFixedSeo(value: string | undefined): PageSeoFields {
  if (!value) return readSeo(undefined);
  try {
    return readSeo(JSON.parse(value));
  } catch {
    return readSeo(undefined);
  }
}

/** Each fixed page's stored fields by address, as the public layout hands them to the pages' meta. */
export type FixedSeoByPath = Record<string, SharedSeoFields>;

/** The built-in titles the pages' meta uses when no meta title is stored. */
export const fixedSeoPageTitles: Record<string, string> = {
  "/": "",
  "/home": "Home",
  "/features": "Features",
  "/fees": "Fees",
  "/business": "Business",
  "/contact": "Contact",
  "/faq": "FAQ",
  "/privacy": "Privacy Policy",
  "/terms": "Terms of Service",
  "/aml-kyc": "AML/KYC Policy",
};

/** Where a page's meta takes its own description from when none is stored (see its route's `meta`). */
export const fixedSeoPageDescriptions: Record<string, { page: PageName; section: string }> = {
  "/features": { page: "features", section: "hero_subtitle" },
  "/fees": { page: "fees", section: "page_subtitle" },
  "/business": { page: "business", section: "hero_subtitle" },
  "/contact": { page: "contact", section: "hero_subtitle" },
  "/faq": { page: "faq", section: "hero_subtitle" },
};

export const fixedSeoIntent = seoIntents.save;

/** A save from the dashboard: one fixed page's fields, checked like a landing page's. */
export const fixedSeoSaveSchema = z.object({
  intent: z.literal(fixedSeoIntent),
  id: z.string().refine((id) => fixedSeoPageById(id) !== undefined, "Неизвестная страница"),
  version: versionField,
  title: pageSeoSchema.shape.title,
  description: pageSeoSchema.shape.description,
  canonical: pageSeoSchema.shape.canonical,
  ogImage: pageSeoSchema.shape.ogImage,
  noindex: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** One fixed page as the dashboard edits it. */
export interface FixedSeoEntry extends FixedSeoPage {
  seo: PageSeoFields;
  version: number;
  /** The page's own description, used when none is stored; empty: the global one. */
  pageDescription: string;
}
