// The fixed pages' SEO fields in a locale other than the records' own, as the site shows them
// and as the dashboard edits them. Shared by the server's read and the dashboard's view; no
// database here.
import { z } from "zod";
import { versionField } from "~/features/records/schema";
import { pageSeoSchema, type PageSeoFields } from "./seo-fields";
import { fixedSeoPageById, parseFixedSeo } from "./fixed-page-seo";
import { seoIntents } from "./intents";

/** The fields a stored translation (a content row's snapshot holding the fields as JSON) has. */
export const translatedSeo = (value: unknown): PageSeoFields | undefined => {
  const text = (value as { contentValue?: unknown } | null | undefined)?.contentValue;
  return typeof text === "string" ? parseFixedSeo(text) : undefined;
};

/**
 * The fields a locale has its own values of. `noindex` is the page's, in every locale (the
 * sitemap lists a page in all its locales or in none); the canonical address is never inherited
 * from another locale, since a page in a locale is its own canonical unless that locale says otherwise.
 */
export const localizedSeoFields = ["title", "description", "ogImage", "canonical"] as const;
export type LocalizedSeoField = (typeof localizedSeoFields)[number];

/** The fields that fall back to another locale's value (marketing copy's policy: never blank). */
export const fallbackSeoFields = ["title", "description", "ogImage"] as const;

/** The fields that count in a locale's completeness: the texts a translator translates. */
export const countedSeoFields = ["title", "description"] as const;

/**
 * A page's fields in a locale: the locale's own value of each field, else the first locale in
 * the chain that has one (the site's default locale), else the records' own locale's (`base`);
 * empty fields then take the page's built-in title and description, as in the default locale.
 */
export function localizeSeo(base: PageSeoFields, chain: readonly (Partial<PageSeoFields> | undefined)[]): PageSeoFields {
  const seo: PageSeoFields = { ...base, canonical: chain[0]?.canonical?.trim() ?? "" };
  for (const field of fallbackSeoFields) {
    const found = chain.find((values) => (values?.[field] ?? "").trim() !== "");
    if (found) seo[field] = found[field]!;
  }
  return seo;
}

export const fixedSeoTranslationIntent = seoIntents.saveTranslation;

/** `?locale=de` on the SEO section (absent: the default locale's own fields). */
export const fixedSeoLocaleQuerySchema = z.object({
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "Код языка указан неверно")
    .optional(),
});

/** A save of one page's fields in another locale: only the localized fields, checked as the default locale's are. */
export const fixedSeoTranslationSaveSchema = z.object({
  intent: z.literal(fixedSeoTranslationIntent),
  id: z.string().refine((id) => fixedSeoPageById(id) !== undefined, "Неизвестная страница"),
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "Код языка указан неверно"),
  version: versionField,
  title: pageSeoSchema.shape.title,
  description: pageSeoSchema.shape.description,
  canonical: pageSeoSchema.shape.canonical,
  ogImage: pageSeoSchema.shape.ogImage,
});

export type FixedSeoTranslationSave = z.infer<typeof fixedSeoTranslationSaveSchema>;

/** Where a field's value in a locale comes from. */
export type SeoOrigin = "own" | "fallback" | "default";

export interface SeoFieldInLocale {
  /** The locale's own value ("" for none). */
  own: string;
  /** What the site shows without it: another locale's value, or "" (the page's built-in value). */
  fallback: string;
  origin: SeoOrigin;
  /** The locale the fallback comes from, when origin is "fallback". */
  fallbackFrom?: string;
  /** The default locale's value changed after this one was saved. */
  stale: boolean;
}

/** One fixed page in a locale, as the SEO section edits it. */
export interface FixedSeoTranslation {
  id: string;
  path: string;
  /** The page's address in the locale (`/de/fees`). */
  address: string;
  fields: Record<LocalizedSeoField, SeoFieldInLocale>;
  /** The page's noindex (shared by every locale). */
  noindex: boolean;
  version: number;
}

export interface FixedSeoLocaleView {
  locale: string;
  pages: FixedSeoTranslation[];
}
